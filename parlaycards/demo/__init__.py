"""The demo's sample week, and the marks it draws on printed cards to scan them back."""
