"""Search journeys in real Chromium (to be written when the search issue has
landed; only real tests go here): search an inflected word in German and
Russian and open a hit; follow a cross-reference between clauses.
"""
