"""The e-mail notices' declarations (``kinds``): each kind declared once."""
