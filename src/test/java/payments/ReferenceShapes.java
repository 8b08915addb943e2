package payments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.restassured.filter.FilterContext;
import io.restassured.filter.OrderedFilter;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Checks every JSON answer the tests receive against the reference interface's response schema for
 * its operation and status (src/main/resources/reference/openapi.yaml, JSON Schema 2020-12, a discriminator choosing
 * the branch as OpenAPI says). Where
 * the product differs from the reference on purpose, {@link ReferenceDifferences} names the
 * difference and the spec line or guide section behind it; any other difference fails the test
 * that received the answer.
 *
 * <p>{@code -Dreference.shapes=report} collects the differences in target/reference-shapes.txt
 * instead of failing, for a survey.
 */
public final class ReferenceShapes implements OrderedFilter {

    public static final ReferenceShapes FILTER = new ReferenceShapes();

    private static final String SPEC = "/reference/openapi.yaml";
    private static final boolean REPORT = "report".equals(System.getProperty("reference.shapes"));
    private static final Path REPORT_FILE = Path.of("target", "reference-shapes.txt");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonNode components;
    private final List<Operation> operations = new ArrayList<>();
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    /** One operation of the reference: its method, path template and responses. */
    record Operation(String method, String template, Pattern path, int parameters, JsonNode responses, JsonNode requestBody) {
        String name() {
            return method + " " + template;
        }
    }

    /** One way an answer differs from the reference schema. */
    public record Difference(String operation, int status, String location, String keyword, String value, String message) {
        @Override
        public String toString() {
            return operation + " " + status + " " + location + " [" + keyword + "] " + message
                    + (value == null ? "" : " (was " + value + ")");
        }
    }

    private ReferenceShapes() {
        JsonNode spec = read();
        components = resolveDiscriminators(spec.get("components"));
        spec.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(method -> {
            if (method.getValue().has("responses")) {
                operations.add(new Operation(method.getKey().toUpperCase(), path.getKey(), templatePattern(path.getKey()),
                        (int) path.getKey().chars().filter(c -> c == '{').count(), method.getValue().get("responses"),
                        method.getValue().at("/requestBody/content/application~1json/schema")));
            }
        }));
        // A literal segment wins over a parameter: /customers/end-user-terms before /customers/{customerId}.
        operations.sort(Comparator.comparingInt(Operation::parameters));
    }

    /**
     * Each operation's JSON request body as {@code {"properties": {...}}}, keyed "METHOD /template":
     * the properties of its schema and of the schemas it combines, one level deep.
     */
    public ObjectNode requestSchemas() {
        ObjectNode out = JSON.createObjectNode();
        for (Operation operation : operations) {
            if (!operation.requestBody().isMissingNode()) {
                ObjectNode properties = out.putObject(operation.name()).putObject("properties");
                collectProperties(operation.requestBody(), properties, 0);
            }
        }
        return out;
    }

    private void collectProperties(JsonNode schema, ObjectNode properties, int depth) {
        if (depth > 4) {
            return;
        }
        if (schema.has("$ref")) {
            collectProperties(components.at(schema.get("$ref").asText().substring("#/components".length())), properties, depth + 1);
        }
        schema.path("properties").fields().forEachRemaining(field -> properties.set(field.getKey(), field.getValue()));
        for (String combination : List.of("allOf", "oneOf", "anyOf")) {
            schema.path(combination).forEach(branch -> collectProperties(branch, properties, depth + 1));
        }
        if (schema.has("if")) {
            collectProperties(schema.path("then"), properties, depth + 1);
        }
    }

    private static JsonNode read() {
        try (InputStream in = ReferenceShapes.class.getResourceAsStream(SPEC)) {
            return new ObjectMapper(new YAMLFactory()).readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Rewrites every {@code oneOf} with a discriminator mapping into the branch the discriminator
     * names ({@code if} the property holds the value, {@code then} that schema), so a wrong answer
     * is reported against its own branch instead of as every branch's complaints.
     */
    private static JsonNode resolveDiscriminators(JsonNode node) {
        if (node.isArray()) {
            node.forEach(ReferenceShapes::resolveDiscriminators);
        } else if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            object.forEach(ReferenceShapes::resolveDiscriminators);
            JsonNode mapping = object.at("/discriminator/mapping");
            if (object.has("oneOf") && mapping.isObject()) {
                String property = object.at("/discriminator/propertyName").asText();
                ArrayNode branches = object.has("allOf") ? (ArrayNode) object.get("allOf") : object.putArray("allOf");
                ObjectNode known = branches.addObject();
                known.putArray("required").add(property);
                ArrayNode values = known.putObject("properties").putObject(property).putArray("enum");
                mapping.fields().forEachRemaining(entry -> {
                    values.add(entry.getKey());
                    ObjectNode branch = branches.addObject();
                    branch.putObject("if").putObject("properties").putObject(property).put("const", entry.getKey());
                    branch.putObject("then").put("$ref", entry.getValue().asText());
                });
                object.remove("oneOf");
                object.remove("discriminator");
            }
        }
        return node;
    }

    private static Pattern templatePattern(String template) {
        return Pattern.compile(Pattern.quote(template).replaceAll("\\{[^}]+}", "\\\\E[^/]+\\\\Q"));
    }

    @Override
    public int getOrder() {
        return OrderedFilter.LOWEST_PRECEDENCE;
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec,
                           FilterContext context) {
        Response response = context.next(request, responseSpec);
        List<Difference> differences = check(request.getMethod(), URI.create(request.getURI()).getPath(),
                response.statusCode(), response.contentType(), response.asByteArray());
        if (!differences.isEmpty()) {
            if (REPORT) {
                append(differences, response.asString());
            } else {
                throw new AssertionError("The answer differs from the reference interface:\n  "
                        + String.join("\n  ", differences.stream().map(Difference::toString).toList())
                        + "\nBody: " + response.asString());
            }
        }
        return response;
    }

    /** The unexplained differences of one answer from the reference; empty when it conforms. */
    public List<Difference> check(String method, String fullPath, int status, String contentType, byte[] body) {
        if (!fullPath.startsWith(TestSupport.BASE + "/")) {
            return List.of();
        }
        String path = fullPath.substring(TestSupport.BASE.length());
        if (ReferenceDifferences.SPEC_ONLY_ROUTES.contains(method + " " + path)) {
            return List.of();
        }
        Operation operation = operations.stream()
                .filter(op -> op.method().equals(method) && op.path().matcher(path).matches())
                .findFirst().orElse(null);
        if (operation == null) {
            return List.of();
        }
        JsonNode documented = operation.responses().get(Integer.toString(status));
        if (documented == null) {
            documented = operation.responses().get("default");
        }
        List<Difference> found = new ArrayList<>();
        JsonNode schema;
        if (documented == null) {
            // Still held against the reference's error body for that status, where it has one.
            found.add(new Difference(operation.name(), status, "$", "status", null, "the reference documents no such status here"));
            schema = components.at("/schemas/Error" + status);
        } else {
            schema = documented.at("/content/application~1json/schema");
        }
        if (schema.isMissingNode() || contentType == null || !contentType.startsWith("application/json") || body.length == 0) {
            return ReferenceDifferences.unexplained(found);
        }
        JsonNode value;
        try {
            value = JSON.readTree(body);
        } catch (IOException e) {
            found.add(new Difference(operation.name(), status, "$", "json", null, "the body is not JSON"));
            return ReferenceDifferences.unexplained(found);
        }
        String key = operation.name() + " " + status;
        JsonNode answer = value;
        ReferenceDifferences.SpecBody specBody = ReferenceDifferences.SPEC_BODIES.stream()
                .filter(b -> b.operationAndStatus().equals(operation.name() + " " + status)
                        && b.value().equals(answer.path(b.field()).asText(null)))
                .findFirst().orElse(null);
        if (specBody != null) {
            schema = readSchema(specBody.schema());
            key = key + " " + specBody.field() + "=" + specBody.value();
        }
        for (Error error : schemaOf(key, schema).validate(value)) {
            JsonNode instance = error.getInstanceNode();
            found.add(new Difference(operation.name(), status, error.getInstanceLocation().toString(), error.getKeyword(),
                    instance != null && instance.isValueNode() ? instance.asText() : null, error.getMessage()));
        }
        return ReferenceDifferences.unexplained(found);
    }

    /**
     * Where a webhook body differs from the reference's schema for it (components/schemas/{name}),
     * less the differences {@link ReferenceDifferences} explains; empty when it conforms.
     */
    public List<Difference> checkWebhook(String schemaName, String body) {
        JsonNode schema = components.at("/schemas/" + schemaName);
        if (schema.isMissingNode()) {
            throw new IllegalArgumentException("the reference has no schema " + schemaName);
        }
        JsonNode value = readSchema(body);
        List<Difference> found = schemaOf("webhook " + schemaName, JSON.createObjectNode().put("$ref", "#/components/schemas/" + schemaName))
                .validate(value).stream()
                .map(error -> new Difference("webhook", 0, error.getInstanceLocation().toString(), error.getKeyword(),
                        error.getInstanceNode() != null && error.getInstanceNode().isValueNode() ? error.getInstanceNode().asText() : null,
                        error.getMessage()))
                .toList();
        return ReferenceDifferences.unexplained(found);
    }

    private static JsonNode readSchema(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException("a spec body's schema is not JSON", e);
        }
    }

    private Schema schemaOf(String key, JsonNode schema) {
        return schemas.computeIfAbsent(key, ignored -> {
            ObjectNode root = JSON.createObjectNode();
            root.set("components", components);
            for (Iterator<Map.Entry<String, JsonNode>> fields = schema.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                root.set(field.getKey(), field.getValue());
            }
            return registry.getSchema(root);
        });
    }

    private static synchronized void append(List<Difference> differences, String body) {
        try {
            Files.createDirectories(REPORT_FILE.getParent());
            Files.writeString(REPORT_FILE, String.join("\n", differences.stream()
                            .map(d -> d + "  <- " + body.substring(0, Math.min(body.length(), 400))).toList()) + "\n",
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
