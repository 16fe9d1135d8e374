"""Thin Discord adapters: parse the interaction, call the table, reply. No game rules here."""
