#!/usr/bin/env python3
"""Convert aiogram's .butcher/schema/schema.json into the PaulSonOfLars api.json shape.

It re-applies the text rules of PaulSonOfLars/telegram-bot-api-spec scrape.py (MIT) to the raw
HTML fragments aiogram keeps (`html_description` of entities and of table cells), so the output
strings match what scrape.py would produce from the same documentation page.

usage: aiogram_to_paul.py aiogram-schema.json out.json
needs: beautifulsoup4 + html5lib (as scrape.py does)
"""
import datetime
import json
import re
import string
import sys

from bs4 import BeautifulSoup

URL = "https://core.telegram.org/bots/api"
ROOT_URL = "https://core.telegram.org"
TG_CORE_TYPES = ["String", "Boolean", "Integer", "Float"]


def clean_tg_description(t, url=URL):
    for i in t.find_all("img"):
        i.replace_with(i.get("alt"))
    for br in t.find_all("br"):
        br.replace_with("\n")
    for a in t.find_all("a"):
        anchor_text = a.get_text()
        if "»" not in anchor_text:
            continue
        link = a.get("href")
        if link.startswith("#"):
            link = url + link
        elif link.startswith("/"):
            link = ROOT_URL + link
        anchor_text = anchor_text.replace(" »", ": " + link)
        a.replace_with(anchor_text)
    text = t.get_text()
    text = re.sub(r"(\s){2,}", r"\1", text)
    text = text.replace('”', '"').replace('“', '"')
    text = text.replace("…", "...")
    text = text.replace("\u2013", "-")
    text = text.replace("\u2014", "-")
    text = text.replace("\u2019", "'")
    return [x.strip() for x in text.split("\n") if x.strip()]


def get_proper_type(t):
    if t == "Messages":
        return "Message"
    elif t == "Float number":
        return "Float"
    elif t == "Int":
        return "Integer"
    elif t == "True" or t == "Bool":
        return "Boolean"
    return t


def clean_tg_type(t):
    pref = ""
    if t.startswith("Array of "):
        pref = "Array of "
        t = t[len("Array of "):]
    fixed_ors = [x.strip() for x in t.split(" or ")]
    fixed_ands = [x.strip() for fo in fixed_ors for x in fo.split(" and ")]
    fixed_commas = [x.strip() for fa in fixed_ands for x in fa.split(", ")]
    return [pref + get_proper_type(x) for x in fixed_commas]


def extract_return_type(entry, ret_str):
    array_match = re.search(r"(?:array of )+(\w*)", ret_str, re.IGNORECASE)
    if array_match:
        ret = clean_tg_type(array_match.group(1))
        entry["returns"] = [f"Array of {r}" for r in ret]
    else:
        words = ret_str.split()
        entry["returns"] = [
            r for ret in words
            for r in clean_tg_type(ret.translate(str.maketrans("", "", string.punctuation)))
            if ret[0].isupper()
        ]


def get_method_return_type(entry):
    description = "\n".join(entry["description"])
    s1 = re.search(".*(?:on success,)([^.]*)", description, re.IGNORECASE)
    s2 = re.search(".*(?:returns)([^.]*)(?:on success)?", description, re.IGNORECASE)
    s3 = re.search(".*([^.]*)(?:is returned)", description, re.IGNORECASE)
    if s1:
        extract_return_type(entry, s1.group(1).strip())
    elif s2:
        extract_return_type(entry, s2.group(1).strip())
    elif s3:
        extract_return_type(entry, s3.group(1).strip())


def frag(html):
    soup = BeautifulSoup(html, features="html5lib")
    return soup.body


def convert(a):
    ver = a["api"]["version"]
    d = datetime.date.fromisoformat(a["api"]["release_date"])
    rdate = f"{d.strftime('%B')} {d.day}, {d.year}"
    anchor = f"{d.strftime('%B').lower()}-{d.day}-{d.year}"
    items = {
        "version": f"Bot API {ver}",
        "release_date": rdate,
        "changelog": f"{URL}#{anchor}",
        "methods": {},
        "types": {},
    }
    for section in a["items"]:
        for c in section["children"]:
            name = c["name"]
            kind = "types" if name[0].isupper() else "methods"
            entry = {"name": name, "href": f"{URL}#{c['anchor']}"}
            items[kind][name] = entry
            body = frag(c.get("html_description") or "")
            for el in body.children:
                if el.get_text().startswith("And that's about all we've got for now"):
                    break  # end-of-page text after GameHighScore; scrape.py stops at the <hr> before it
                if getattr(el, "name", None) == "p":
                    entry.setdefault("description", []).extend(clean_tg_description(el))
                    if kind == "methods":
                        get_method_return_type(entry)
                elif getattr(el, "name", None) == "ul":
                    if name == "InputFile":
                        continue
                    lst = []
                    for li in el.find_all("li"):
                        lst.extend(clean_tg_description(li))
                    if kind == "types":
                        entry["subtypes"] = lst
                    entry["description"] += [f"- {s}" for s in lst]
            anns = c.get("annotations") or []
            if anns:
                fields = []
                for f in anns:
                    td = frag("<table><tr>" + f["html_description"] + "</tr></table>").find("td")
                    desc = " ".join(clean_tg_description(td))
                    if kind == "types":
                        req = not desc.startswith("Optional. ")
                    else:
                        req = bool(f["required"])
                    fields.append({"name": f["name"], "types": clean_tg_type(f["type"]),
                                   "required": req, "description": desc})
                entry["fields"] = fields
    # subtype_of / "it can be either" handling, as verify_type_parameters does
    for type_name, values in items["types"].items():
        fields = values.get("fields", [])
        if len(fields) == 0:
            subtypes = values.get("subtypes", [])
            description = "".join(values.get("description", []))
            m = re.search(r"it can be either (.*?), or any of the following types:", description, re.IGNORECASE)
            if m:
                description_types = []
                for part in m.group(1).split(","):
                    part = part.strip()
                    tm = re.search(r"(?:a|an)\s+(?:(\w*\s+of\s+\w*)|(\w*))", part)
                    if tm:
                        description_types.append(tm.group(1) or tm.group(2))
                subtypes = description_types + subtypes
                values["subtypes"] = subtypes
            for st in subtypes:
                cleaned = st.removeprefix("Array of ")
                if cleaned in TG_CORE_TYPES or cleaned == type_name:
                    pass
                elif st in items["types"]:
                    items["types"][st].setdefault("subtype_of", []).append(type_name)
    return items


if __name__ == "__main__":
    src, dst = sys.argv[1], sys.argv[2]
    out = convert(json.load(open(src)))
    with open(dst, "w") as f:
        json.dump(out, f, indent=2)
