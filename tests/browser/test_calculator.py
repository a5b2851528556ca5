"""Judge journeys with the scenario calculator, in real Chromium (to be written
when the calculator issue has landed; only real tests go here):

- open the calculator, evaluate a shared case with htmx: only the result part
  changes, the URL updates, and reloading it gives the same ruling;
- the same with JavaScript disabled (fixture ``no_script_journey``);
- follow a citation of a ruling step to its clause;
- keyboard-only: every field is reachable with Tab and found by
  ``page.get_by_label``.
"""
