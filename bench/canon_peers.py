"""The Python references for bench/canon.ts, as a process that measures on request: it reads URLs
(JSON lines) from the file named by argv[1], prints the names of the references it has (one JSON
line), then for each request line "NAME<TAB>MS" runs that reference over all the URLs, whole
passes until MS milliseconds of CPU time have gone, and prints the URLs per CPU-second. An
exception counts as an answer, as the JavaScript loop's try/catch does.

w3lib is Debian's python3-w3lib; SURT_SRC and URLCANON_SRC name the source folders of fetched
copies of internetarchive/surt and iipc/urlcanon (a reference whose folder is not given is left out).
"""
import json
import os
import sys
import time
import types

from w3lib.url import canonicalize_url

urls = [json.loads(line) for line in open(sys.argv[1], encoding='utf-8')]
fns = {'w3lib canonicalize_url': canonicalize_url}
if os.environ.get('SURT_SRC'):
    sys.path.insert(0, os.environ['SURT_SRC'])
    sys.modules['tldextract'] = types.ModuleType('tldextract')
    import surt

    fns['surt package surt()'] = surt.surt
if os.environ.get('URLCANON_SRC'):
    sys.path.insert(0, os.environ['URLCANON_SRC'])
    import urlcanon

    fns['urlcanon semantic_precise'] = lambda u: str(urlcanon.semantic_precise(u))
    fns['urlcanon google'] = lambda u: str(urlcanon.google(u))


def one_pass(fn):
    for u in urls:
        try:
            fn(u)
        except Exception:
            pass


for fn in fns.values():
    one_pass(fn)  # warm-up
print(json.dumps(list(fns)), flush=True)
for line in sys.stdin:
    name, ms = line.rstrip('\n').split('\t')
    fn = fns[name]
    t0 = time.process_time()
    passes = 0
    while True:
        one_pass(fn)
        passes += 1
        t = time.process_time()
        if (t - t0) * 1000 >= float(ms):
            break
    print(passes * len(urls) / (t - t0), flush=True)
