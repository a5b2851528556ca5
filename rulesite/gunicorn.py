"""gunicorn's settings for the site, in one place for ``make serve``, the benchmarks and
the tests that serve the site: ``gunicorn --config python:rulesite.gunicorn rulesite.wsgi``
(the address, the workers and the logs stay on the command line).

- ``limit_request_line = 0``: a calculator form sends its table in the address (a GET: the
  ruling's address can be shared).  A table at the limits a scenario declares (Power-Duell:
  two Schutzgottkarten, 12 monsters, 24 effects; Marvel Champions: a board of 20 cards;
  card texts of up to 2,000 characters) takes more than gunicorn's default of 4,094 bytes
  and more than its largest finite limit, 8,190: such a request was answered "414 URI Too
  Long" by gunicorn before Django saw it.  0 lets gunicorn take a request line of up to
  1 MB; Django still bounds the number of parameters (``DATA_UPLOAD_MAX_NUMBER_FIELDS``),
  and the site refuses a query longer than ``MAX_QUERY_LENGTH`` (64 KiB; the longest
  such table's is some 33,000 characters with Cyrillic card texts) with a small 414
  (``rulesite.middleware.LongQueryMiddleware``).  gunicorn's own reading of a request
  line of megabytes still costs seconds (its Python parser searches the whole line again
  for each piece read: 1.8 s for 5 MB): the proxy in front refuses those.
  A proxy in front of the servers needs as much (nginx: ``large_client_header_buffers 4
  64k``).
- ``post_worker_init``: each worker, once the site is loaded, moves what loading made
  (modules, models, the engine's declarations: about 115,000 objects) out of the cyclic
  garbage collector's reach (``gc.freeze``).  They live as long as the worker; a full
  collection otherwise walks them all, a pause of 60–90 ms about every two thousand
  rulings (measured in process), paid by the request it falls on.  Trades nothing but
  the collection of cycles among those objects, which are never garbage.
- ``control_socket_disable = True``: gunicorn 27's control socket is one path per user
  (``$HOME/.gunicorn/gunicorn.ctl``), which several servers on one machine (the README's
  scale path, the tests) would share; the site does not use it.
"""

limit_request_line = 0
control_socket_disable = True


def post_worker_init(worker) -> None:
    """Freeze the objects the worker's loading made (see the module docstring)."""
    import gc

    gc.collect()
    gc.freeze()
