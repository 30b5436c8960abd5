"""The published OpenAPI schema: valid, warning-free, and true to each operation."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.plumbing import force_instance
from drf_spectacular.settings import spectacular_settings
from drf_spectacular.utils import OpenApiResponse

ERROR_STATUSES = {"400", "401", "403", "404", "413", "415", "422", "429"}


@pytest.fixture(scope="module")
def generated():
    generator = SchemaGenerator()
    return generator, generator.get_schema(request=None, public=True)


def _component(schema: dict, ref_holder: dict) -> dict:
    content = ref_holder["content"]["application/json"]["schema"]
    return schema["components"]["schemas"][content["$ref"].rsplit("/", 1)[1]]


def test_the_schema_validates_without_a_warning(tmp_path):
    # A warning is a name collision, an unresolvable field or authenticator.
    call_command(
        "spectacular",
        "--validate",
        "--fail-on-warn",
        "--file",
        str(tmp_path / "schema.yaml"),
    )


def test_every_operation_documents_its_own_serializers(generated):
    """Two serializers of one name would share a component: a wrong body."""
    generator, schema = generated
    checked = 0
    for path, path_regex, method, view in generator._get_paths_and_endpoints():
        if path not in schema["paths"]:
            continue  # The schema and docs views themselves.
        operation = schema["paths"][path][method.lower()]
        # Describe the operation again to ask its AutoSchema for serializers.
        view.request = spectacular_settings.GET_MOCK_REQUEST(method, path, view, None)
        view.schema.get_operation(path, path_regex, "", method, generator.registry)
        request = view.schema.get_request_serializer()
        if request is not None:
            body = _component(schema, operation["requestBody"])
            assert set(body["properties"]) == set(force_instance(request).fields)
            checked += 1
        for status, response in view.schema.get_response_serializers().items():
            serializer = (
                response.response if isinstance(response, OpenApiResponse) else response
            )
            documented = _component(schema, operation["responses"][str(status)])
            fields = force_instance(serializer).fields
            assert set(documented["properties"]) == set(fields), (path, status)
            checked += 1
    assert checked > 20


def test_component_names_are_the_views_own(generated):
    _, schema = generated
    names = set(schema["components"]["schemas"])
    assert {"WriteCreateInput", "ForgetCreateInput", "Error", "ErrorBody"} <= names
    assert not {"Input", "Output"} & names
    writes = schema["paths"]["/api/v1/writes"]["post"]
    body = writes["requestBody"]["content"]["application/json"]["schema"]
    assert body["$ref"].endswith("/WriteCreateInput")


def test_errors_lists_and_versions_are_documented_as_returned(generated):
    _, schema = generated
    paths = schema["paths"]
    for path, operations in paths.items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert {"401", "422"} <= statuses, (method, path)
            # A suspended tenant's agents get 403 everywhere; /scopes is
            # described by its own module (memory_core/scope_apis.py).
            assert "403" in statuses or path == "/api/v1/scopes", (method, path)
            for status in statuses & ERROR_STATUSES:
                error = _component(schema, operation["responses"][status])
                assert set(error["properties"]) == {"error"}, (method, path, status)
    writes = paths["/api/v1/writes"]["post"]["responses"]
    assert set(writes) == {"202", "400", "401", "403", "413", "415", "422", "429"}
    assert "Retry-After" in writes["429"]["headers"]
    assert "WWW-Authenticate" in writes["401"]["headers"]
    listed = _component(schema, paths["/api/v1/memories"]["get"]["responses"]["200"])
    assert set(listed["properties"]) == {"count", "next", "previous", "results"}
    versions = paths["/api/v1/memories/{memory_id}/versions"]["get"]["responses"]
    assert set(_component(schema, versions["200"])["properties"]) == {"results"}


def test_parameters_declare_types_enums_and_bounds(generated):
    _, schema = generated
    listing = {
        p["name"]: p["schema"]
        for p in schema["paths"]["/api/v1/memories"]["get"]["parameters"]
    }
    assert listing["layer"]["enum"] == ["session", "episodic", "semantic", "procedural"]
    assert "draft" not in listing["status"]["enum"]
    assert (listing["limit"]["minimum"], listing["limit"]["maximum"]) == (1, 500)
    assert listing["offset"]["minimum"] == 0
    assert listing["inherit"]["type"] == "boolean"
    assert listing["as_of"]["format"] == "date-time"
    wait = schema["paths"]["/api/v1/writes/{write_id}"]["get"]["parameters"]
    wait = next(p["schema"] for p in wait if p["name"] == "wait")
    assert (wait["minimum"], wait["maximum"]) == (0, 30)
    write = schema["components"]["schemas"]["WriteCreateInput"]["properties"]
    kind_ref = write["kind"].get("$ref") or write["kind"]["allOf"][0]["$ref"]
    kinds = schema["components"]["schemas"][kind_ref.rsplit("/", 1)[1]]["enum"]
    assert "note" in kinds and "procedure" in kinds
    assert (write["confidence"]["minimum"], write["confidence"]["maximum"]) == (0, 1)
    assert write["embedding"]["minItems"] == write["embedding"]["maxItems"] == 384
    headers = {
        p["name"]
        for p in schema["paths"]["/api/v1/writes"]["post"]["parameters"]
        if p["in"] == "header"
    }
    assert {"Idempotency-Key", "Prefer"} <= headers


def test_the_bearer_scheme_is_declared_for_swagger_authorize(generated):
    _, schema = generated
    scheme = schema["components"]["securitySchemes"]["agentToken"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert {"agentToken": []} in operation["security"], (method, path)
