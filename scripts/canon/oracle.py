"""The reference implementations as one JSON-lines process: each input line is a JSON string
(a URL); each output line is an object with the answer of every profile and SURT form, or
{"error": name} where the reference raised.

Runs under Debian's /usr/bin/python3 (w3lib 2.1.1, idna 3.3) with fetched copies of
internetarchive/surt and iipc/urlcanon on sys.path: SURT_SRC and URLCANON_SRC name their
source folders (see scripts/canon/record.ts). CANON_FORMS, a comma-separated list of the names
of ANSWERS, keeps only those forms.
"""
import json
import os
import sys
import types

sys.path.insert(0, os.environ['SURT_SRC'])
sys.path.insert(0, os.environ['URLCANON_SRC'])
# surt imports tldextract for its public-suffix option alone, which the key does not use.
sys.modules['tldextract'] = types.ModuleType('tldextract')

import surt  # noqa: E402
from surt import DefaultIAURLCanonicalizer, handyurl  # noqa: E402
import urlcanon  # noqa: E402
from w3lib.url import canonicalize_url  # noqa: E402


def ia(url):
    return DefaultIAURLCanonicalizer.canonicalize(handyurl.parse(url)).getURLString()


def profile(p):
    return lambda url: str(p(url))


ANSWERS = {
    'w3lib': canonicalize_url,
    'ia': ia,
    'google': profile(urlcanon.google),
    'semantic-precise': profile(urlcanon.semantic_precise),
    'semantic': profile(urlcanon.semantic),
    'aggressive': profile(urlcanon.aggressive),
    'whatwg': profile(urlcanon.whatwg),
    'ssurt': lambda url: urlcanon.semantic_precise(url).ssurt().decode('utf-8'),
    'surt': lambda url: surt.surt(url),
    'surt+scheme': lambda url: surt.surt(url, with_scheme=True),
    'surt+comma': lambda url: surt.surt(url, trailing_comma=True),
    'surt+scheme+comma': lambda url: surt.surt(url, with_scheme=True, trailing_comma=True),
    'surt-massage': lambda url: surt.surt(url, host_massage=False),
    'surt-reverseip': lambda url: surt.surt(url, reverse_ipaddr=False),
}

if os.environ.get('CANON_FORMS'):
    ANSWERS = {name: ANSWERS[name] for name in os.environ['CANON_FORMS'].split(',')}


def answer(fn, url):
    try:
        return fn(url)
    except Exception as e:  # the reference raised: the TypeScript side must throw too
        return {'error': type(e).__name__}


for line in sys.stdin:
    url = json.loads(line)
    out = {'url': url}
    for name, fn in ANSWERS.items():
        out[name] = answer(fn, url)
    sys.stdout.write(json.dumps(out, ensure_ascii=False) + '\n')
