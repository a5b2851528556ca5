import re, html as H
import engine
from rulebook.calculator import services as calculator

def show(client, game, slug, inputs, lang="en"):
    sc = engine.find_scenario(engine.rulesets(), game, slug)
    q = calculator.to_query(sc, inputs)
    r = client.get(f"/{lang}/calculator/{game}/{slug}/?{q}")
    out = [f"=== {game}/{slug} [{r.status_code}]"]
    if r.status_code >= 500:
        out.append("500!"); return "\n".join(out)
    api = client.get(f"/api/scenarios/{game}/{slug}/evaluate?{q}&lang={lang}")
    if api.status_code != 200:
        out.append(f"API {api.status_code} {api.content[:400]}")
        page = H.unescape(re.sub(r"<[^>]+>", " ", r.content.decode()))
        errs = re.findall(r'field-error[^>]*>(.*?)<', r.content.decode())
        out.append("form errors: " + repr(errs[:5]))
        return "\n".join(out)
    d = api.json()
    out.append("VERDICT " + d["verdict"])
    for v in d["values"]: out.append(f"  V {v['label']}: {v['text']}")
    for s in d["steps"]:
        out.append(f"  {s['number']}. [{s['outcome']}] {s['text']} || {s['reason']} || {[c['label'] for c in s['citations']]} see={s.get('see')}")
    for p in d["open_points"]:
        for rd in p["readings"]:
            out.append(f"  R {p['point']}: {rd['label']} {[ (v['label'], v['text']) for v in rd['values']]} {rd['clauses']}")
    for n in d["notes"]: out.append("  N " + n)
    return "\n".join(out)

S = {}
def test_probe(client, seeded):
    import json, os
    cases = json.load(open("/tmp/judge_cases.json"))
    with open("/tmp/judge_out.txt", "w") as fh:
        for c in cases:
            fh.write(f"\n##### {c['id']}: {c['what']}\n")
            fh.write(show(client, c["game"], c["slug"], c["inputs"], c.get("lang", "en")) + "\n")
