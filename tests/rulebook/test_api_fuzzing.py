"""Fuzzing the JSON API from its own OpenAPI document with schemathesis.

Schemathesis reads the OpenAPI document the site serves at
``/api/openapi.json`` (``rulesite.api.api.get_openapi_schema()``, the same
dictionary, taken without a request so that collecting the tests needs no
database) and sends each operation, through the site's WSGI application on
the seeded test database, generated requests: valid ones and ones that break
the schema (wrong types, missing or unknown fields, odd path parameters).

Every answer must match the document: no server error, a documented status
code, content type and headers, a body that matches the documented schema
(errors included: ``{"errors": [{"field", "message"}]}``), invalid requests
refused, valid ones accepted (2xx, or a 404 for a game, document or clause
that does not exist).  One exception, on purpose: the two evaluate
operations check scenario inputs against the scenario's own JSON Schema (in
``GET /api/scenarios``), which a single operation's request schema cannot
express, so a schema-valid request can be refused with 422 there; they are
not held to "valid data is accepted".

Bounded: 25 examples per operation, no deadline (the machine may be
shared); the whole module runs in about a minute.
"""

import json

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis import checks

OPENAPI_PATH = "/api/openapi.json"
CONFORMANCE = [checks.not_a_server_error, checks.status_code_conformance,
               checks.content_type_conformance, checks.response_schema_conformance,
               checks.response_headers_conformance, checks.negative_data_rejection]
SCENARIO_INPUTS = {"evaluate", "evaluate_form"}


def _schema():
    from rulesite.api import api

    document = json.loads(json.dumps(api.get_openapi_schema(path_prefix="/api/")))
    loaded = schemathesis.openapi.from_dict(document)
    loaded.app = get_wsgi_application()
    loaded.location = OPENAPI_PATH
    return loaded


schema = _schema()


def test_the_fuzzed_document_is_the_served_one(client):
    assert client.get(OPENAPI_PATH).json() == schema.raw_schema
    assert len(list(schema.get_all_operations())) >= 13


def test_every_operation_documents_the_error_shape():
    for path, methods in schema.raw_schema["paths"].items():
        for method, operation in methods.items():
            for status in ("400", "404", "413", "422") + (
                    ("415",) if "requestBody" in operation else ()):
                content = operation["responses"][status]["content"]["application/json"]
                assert content["schema"] == {"$ref": "#/components/schemas/ErrorOut"}, (
                    path, method, status)


@schema.parametrize()
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture,
                                 HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_every_answer_matches_the_openapi_document(case, seeded, wsgi_keeps_the_test_connection):
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, case.query,
                                        case.body, response.text[:500])
    name = case.operation.definition.raw.get("operationId", "")
    accepted = [] if name.endswith(tuple(SCENARIO_INPUTS)) else [checks.positive_data_acceptance]
    case.validate_response(response, checks=CONFORMANCE + accepted)
