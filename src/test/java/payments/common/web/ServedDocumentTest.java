package payments.common.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import payments.common.WalletOwnerConsent;
import payments.webhook.WebhookSigner;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The served OpenAPI document (/q/openapi) against the reference interface, operation by operation:
 * every reference operation, path parameter list, component, webhook and security requirement is
 * served exactly as the reference writes it after the documented renames ({@link ReferenceNames});
 * any drift fails, listed with where it is. This server's own operations are documented too.
 */
@QuarkusTest
class ServedDocumentTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");
    /** Where the served document may differ from the reference, each with why. */
    private static final Map<String, String> KNOWN_DIFFERENCES = Map.of(
            "/components/schemas/TwoFactorResetStatus/properties/completedAt/example",
            "an example whose value is null: MicroProfile OpenAPI's model has no way to hold one, so it is left out");

    @Test
    void everyReferenceOperationIsServedAsTheReferenceWritesIt() throws IOException {
        JsonNode served = served();
        JsonNode reference = reference();
        List<String> drift = new ArrayList<>();
        int operations = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = reference.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            JsonNode servedItem = served.get("paths").get(path.getKey());
            if (servedItem == null) {
                drift.add("/paths/" + path.getKey() + ": not served");
                continue;
            }
            for (Iterator<Map.Entry<String, JsonNode>> parts = path.getValue().fields(); parts.hasNext(); ) {
                Map.Entry<String, JsonNode> part = parts.next();
                operations += METHODS.contains(part.getKey()) ? 1 : 0;
                compare("/paths/" + escape(path.getKey()) + "/" + part.getKey(), part.getValue(), servedItem.get(part.getKey()), drift);
            }
        }
        for (String section : List.of("schemas", "requestBodies", "securitySchemes")) {
            reference.at("/components/" + section).fields().forEachRemaining(component -> compare("/components/" + section + "/"
                    + component.getKey(), component.getValue(), served.at("/components/" + section + "/" + component.getKey()), drift));
        }
        compare("/webhooks", reference.get("webhooks"), served.get("webhooks"), drift);
        compare("/security", reference.get("security"), served.get("security"), drift);
        List<String> tags = new ArrayList<>();
        served.get("tags").forEach(tag -> tags.add(tag.toString()));
        List<String> referenceTags = new ArrayList<>();
        reference.get("tags").forEach(tag -> referenceTags.add(tag.toString()));
        assertEquals(referenceTags, tags.subList(0, Math.min(tags.size(), referenceTags.size())), "the reference's tags, first, in its order");
        assertEquals(153, operations, "the reference's operations");
        drift.removeIf(line -> KNOWN_DIFFERENCES.keySet().stream().anyMatch(line::startsWith));
        assertEquals(List.of(), drift, "where the served document departs from the reference");
    }

    @Test
    void thisServersOwnOperationsAreDocumented() throws IOException {
        JsonNode served = served();
        JsonNode reference = reference();
        Set<String> tagsWithText = new TreeSet<>();
        served.get("tags").forEach(tag -> {
            if (!tag.path("description").asText().isBlank()) {
                tagsWithText.add(tag.get("name").asText());
            }
        });
        List<String> problems = new ArrayList<>();
        int own = 0;
        for (Iterator<Map.Entry<String, JsonNode>> paths = served.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> methods = path.getValue().fields(); methods.hasNext(); ) {
                Map.Entry<String, JsonNode> method = methods.next();
                if (!METHODS.contains(method.getKey()) || reference.at("/paths/" + escape(path.getKey()) + "/" + method.getKey()).isObject()) {
                    continue;
                }
                own++;
                String name = method.getKey().toUpperCase() + " " + path.getKey();
                JsonNode operation = method.getValue();
                if (operation.path("summary").asText().isBlank() || operation.path("description").asText().length() < 20) {
                    problems.add(name + ": no summary or description");
                }
                if (operation.path("tags").isEmpty()) {
                    problems.add(name + ": no tag");
                }
                operation.path("tags").forEach(tag -> {
                    if (!tagsWithText.contains(tag.asText())) {
                        problems.add(name + ": tag " + tag + " is not described");
                    }
                });
                String text = operation.toString();
                if (text.contains("schemas/JsonNode") || text.contains("schemas/ObjectNode")) {
                    problems.add(name + ": an untyped body");
                }
                JsonNode json = operation.at("/requestBody/content/application~1json");
                if (!json.isMissingNode() && !json.has("schema")) {
                    problems.add(name + ": a JSON request body without a schema");
                }
                operation.path("responses").fields().forEachRemaining(response -> {
                    JsonNode body = response.getValue().at("/content/application~1json");
                    if (response.getKey().startsWith("2") && !body.isMissingNode() && !body.has("schema")) {
                        problems.add(name + " " + response.getKey() + ": a JSON answer without a schema");
                    }
                });
            }
        }
        assertTrue(own >= 25, own + " operations of this server's own");
        Set<String> operationIds = new TreeSet<>();
        served.get("paths").forEach(item -> item.forEach(operation -> {
            if (operation.has("responses") && !operationIds.add(operation.path("operationId").asText())) {
                problems.add("operationId " + operation.path("operationId") + " is missing or not unique");
            }
        }));
        assertEquals(List.of(), problems);
        assertFalse(served.at("/components/schemas").has("JsonNode"), "no schema for an untyped JSON value");
    }

    @Test
    void theReferenceNamesAreNeutral() throws IOException {
        String text = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
        for (String name : List.of("Grid-Wallet-Signature", "X-Grid-Signature", "GRID_SWITCH_ERROR", "Lightspark")) {
            assertFalse(text.contains(name), name);
        }
        JsonNode served = JSON.readTree(text);
        assertEquals(WebhookSigner.HEADER, served.at("/components/securitySchemes/WebhookSignature/name").asText());
        List<String> headers = new ArrayList<>();
        served.get("paths").forEach(item -> item.forEach(operation -> operation.path("parameters").forEach(parameter -> {
            if ("header".equals(parameter.path("in").asText())) {
                headers.add(parameter.path("name").asText());
            }
        })));
        assertTrue(headers.contains(WalletOwnerConsent.SIGNATURE_HEADER), "the wallet signature header the server reads: " + headers);
        assertEquals(payments.common.web.ApiPath.BASE, served.at("/servers/0/url").asText());
        served.get("paths").fieldNames().forEachRemaining(path -> assertTrue(path.startsWith("/"), "a path must start with /: " + path));
    }

    private static JsonNode served() throws IOException {
        return JSON.readTree(RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString());
    }

    /** The reference with the renames applied to its text, read independently of the server's parser. */
    private static JsonNode reference() throws IOException {
        try (InputStream in = ServedDocumentTest.class.getResourceAsStream(ReferenceDocument.RESOURCE)) {
            return new ObjectMapper(new YAMLFactory()).readTree(ReferenceNames.neutral(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        }
    }

    private static void compare(String where, JsonNode expected, JsonNode actual, List<String> drift) {
        if (actual == null || actual.isMissingNode()) {
            drift.add(where + ": missing");
        } else if (expected.isObject() && actual.isObject()) {
            expected.fields().forEachRemaining(field -> compare(where + "/" + escape(field.getKey()), field.getValue(),
                    actual.get(field.getKey()), drift));
            actual.fieldNames().forEachRemaining(field -> {
                if (!expected.has(field)) {
                    drift.add(where + "/" + escape(field) + ": not in the reference");
                }
            });
        } else if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
            for (int i = 0; i < expected.size(); i++) {
                compare(where + "/" + i, expected.get(i), actual.get(i), drift);
            }
        } else if (expected.isNumber() && actual.isNumber() ? expected.decimalValue().compareTo(actual.decimalValue()) != 0
                : !expected.equals(actual)) {
            drift.add(where + ": " + abbreviate(expected) + " served as " + abbreviate(actual));
        }
    }

    private static String abbreviate(JsonNode node) {
        String text = node.toString();
        return text.length() > 120 ? text.substring(0, 120) + "..." : text;
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
