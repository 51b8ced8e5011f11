# The second decoder of `npm run bench -- mime`: Python's standard library `email` package with
# `policy.default` (its modern, RFC 5322/6532 header and content handling). Reads one message path a
# line on stdin and writes one JSON line a message on stdout, with the fields Penman stores:
# subject, sender address and name, recipients (To and Cc), date, body text and attachment names.
import json
import sys
from email import policy
from email.parser import BytesParser
from html.parser import HTMLParser

PARSER = BytesParser(policy=policy.default)


class TextOfHtml(HTMLParser):
    """The words of an HTML body: tags and scripts dropped, every entity decoded (html.entities)."""

    SKIP = {"script", "style", "head", "title"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        elif tag in ("br", "p", "div", "tr", "li", "td", "th", "table"):
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def html_text(html):
    parser = TextOfHtml()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def safe(fn, default=None):
    try:
        return fn()
    except Exception:
        return default


def addresses(msg, name):
    out = []
    for header in msg.get_all(name) or []:
        for address in safe(lambda: header.addresses, ()) or ():
            out.append({"name": address.display_name or "", "address": address.addr_spec or ""})
    return out


def part_text(part):
    content = safe(lambda: part.get_content())
    if not isinstance(content, str):
        return None
    return html_text(content) if part.get_content_subtype() == "html" else content


def filename(part):
    return safe(lambda: part.get_filename())


def body_texts(part, only=False, depth=0):
    """The body as a mail client shows it, in the structure Penman also follows (message-parts.ts):
    alternatives give their text/plain alternative (else the richest), related its root, other
    multiparts every inline part in order, an inline message/rfc822 its header fields and body.
    What is decoded, and how, is all Python's."""
    ctype = part.get_content_type()
    disposition = part.get_content_disposition()
    if part.is_multipart() and ctype != "message/rfc822":
        children = part.get_payload()
        subtype = part.get_content_subtype()
        if subtype == "alternative":
            options = [body_texts(child, depth=depth) for child in children]
            plain = [o for child, o in zip(children, options) if o and child.get_content_type() == "text/plain"]
            shown = [o for o in options if o]
            return plain[-1] if plain else (shown[-1] if shown else [])
        if subtype == "related" and children:
            return body_texts(children[0], depth=depth)
        texts = []
        for child in children:
            texts += body_texts(child, depth=depth)
        return texts
    if ctype == "message/rfc822" and disposition != "attachment" and depth < 10:
        inner = part.get_payload(0) if part.is_multipart() else None
        if inner is None:
            return []
        fields = [f"{name}: {inner[name]}" for name in ("From", "Subject", "Date", "To") if inner[name] is not None]
        return ["\n".join(fields)] + body_texts(inner, only=True, depth=depth + 1)
    if ctype in ("text/plain", "text/html") and (only or (disposition != "attachment" and not filename(part))):
        text = part_text(part)
        return [text] if text is not None else []
    return []


def body(msg):
    texts = body_texts(msg, only=True)
    return "\n".join(texts) if texts else None


def attachment_names(msg):
    """Every named leaf part that is not the message's only part."""
    names = []
    for part in msg.walk():
        if part.is_multipart() or part is msg:
            continue
        name = filename(part)
        if name:
            names.append(str(name))
    return names


def extract(path):
    with open(path, "rb") as f:
        msg = PARSER.parse(f)
    sender = addresses(msg, "from")
    date = safe(lambda: msg["date"].datetime) if msg["date"] is not None else None
    return {
        "subject": safe(lambda: str(msg["subject"])) if msg["subject"] is not None else None,
        "senderEmail": sender[0]["address"] if sender else None,
        "senderName": sender[0]["name"] if sender else None,
        "recipients": [a["address"] for a in addresses(msg, "to") + addresses(msg, "cc")],
        "date": safe(lambda: date.isoformat()) if date is not None and date.tzinfo is not None else None,
        "body": body(msg),
        "attachments": attachment_names(msg),
    }


for line in sys.stdin:
    path = line.rstrip("\n")
    try:
        result = extract(path)
    except Exception as error:  # a message the package cannot read at all: reported, never fatal
        result = {"error": f"{type(error).__name__}: {error}"}
    sys.stdout.write(json.dumps({"path": path, **result}, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()
