package payments.common.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.openapi.api.OpenApiConfig;
import io.smallrye.openapi.runtime.io.Format;
import io.smallrye.openapi.runtime.io.OpenApiParser;
import io.smallrye.openapi.runtime.io.OpenApiSerializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.Paths;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.tags.Tag;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The served document's reference operations are the reference interface's own, with its names made
 * neutral ({@link ReferenceNames}): summaries, descriptions, tags, parameters, request and response
 * schemas, examples, security and webhooks, as a client generated from the reference expects. The
 * scanner documents the rest: this server's own operations (deliveries, dead jobs, compliance review,
 * sandbox triggers, hosted pages), whose schemas come from their records. Runs at build time; the
 * document is built once into the application.
 */
public class ReferenceDocument implements OASFilter {

    public static final String RESOURCE = "/reference/openapi.yaml";
    private static final String SCHEMA_REF = "#/components/schemas/";
    private static final Pattern PATH_PARAMETER = Pattern.compile("\\{([^}]+)}");
    /** The reference's name for HTTP Basic with an API token, which this server's own operations take unless they say otherwise. */
    public static final String API_TOKEN_SCHEME = "BasicAuth";

    @Override
    public void filterOpenAPI(OpenAPI served) {
        OpenAPI reference = load();
        Paths scanned = served.getPaths() != null ? served.getPaths() : OASFactory.createPaths();
        Map<String, String> referencePathByShape = new LinkedHashMap<>();
        Paths paths = OASFactory.createPaths();
        reference.getPaths().getPathItems().forEach((path, item) -> {
            referencePathByShape.put(shape(path), path);
            paths.addPathItem(path, item);
        });
        List<Operation> extensions = new ArrayList<>();
        scanned.getPathItems().forEach((servedPath, item) -> {
            // Every resource is under the base path (quarkus.rest.path); the index is the base path itself.
            String path = servedPath.equals(ApiPath.BASE) ? "/" : servedPath.substring(ApiPath.BASE.length());
            String referencePath = referencePathByShape.get(shape(path));
            item.getOperations().forEach((method, operation) -> {
                PathItem target = referencePath != null ? paths.getPathItem(referencePath) : paths.getPathItem(path);
                if (target != null && target.getOperations().containsKey(method)) {
                    return;
                }
                if (target == null) {
                    target = OASFactory.createPathItem().parameters(item.getParameters());
                    paths.addPathItem(path, target);
                }
                if (referencePath != null) {
                    renamePathParameters(operation, path, referencePath);
                }
                if (operation.getOperationId() == null && operation.getSummary() != null) {
                    operation.setOperationId(operationId(operation.getSummary()));
                }
                if (operation.getSecurity() == null) {
                    operation.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(API_TOKEN_SCHEME)));
                }
                target.setOperation(method, operation);
                extensions.add(operation);
            });
        });
        served.setPaths(paths);
        served.setServers(List.of(OASFactory.createServer().url(ApiPath.BASE)
                .description("This server: the API's base path on the host serving this document")));
        served.setSecurity(reference.getSecurity());
        served.setWebhooks(reference.getWebhooks());
        served.setTags(tags(reference, served, extensions));
        served.setComponents(components(reference, served.getComponents(), extensions));
    }

    /** The reference interface with its names made neutral. */
    private static OpenAPI load() {
        try (InputStream in = ReferenceDocument.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("The reference interface " + RESOURCE + " is not on the class path");
            }
            byte[] text = ReferenceNames.neutral(new String(in.readAllBytes(), StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
            return OpenApiParser.parse(new ByteArrayInputStream(text), Format.YAML, OpenApiConfig.fromConfig(ConfigProvider.getConfig()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the reference interface", e);
        }
    }

    /** "List webhook deliveries" -> "listWebhookDeliveries": the name a generated client gives the operation. */
    static String operationId(String summary) {
        StringBuilder id = new StringBuilder();
        for (String word : summary.replaceAll("\\(.*?\\)", "").replaceAll("[^A-Za-z0-9 ]", "").trim().split(" +")) {
            id.append(id.length() == 0 ? word.toLowerCase(Locale.ROOT)
                    : word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1).toLowerCase(Locale.ROOT));
        }
        return id.toString();
    }

    /** A path with its parameters' names left out, so /customers/{id} and /customers/{customerId} are one. */
    private static String shape(String path) {
        return PATH_PARAMETER.matcher(path).replaceAll("{}");
    }

    /** An extension under a reference path names its path parameters as the reference's path does. */
    private static void renamePathParameters(Operation operation, String path, String referencePath) {
        List<String> ours = names(path);
        List<String> theirs = names(referencePath);
        if (operation.getParameters() == null) {
            return;
        }
        for (Parameter parameter : operation.getParameters()) {
            int position = ours.indexOf(parameter.getName());
            if (parameter.getIn() == Parameter.In.PATH && position >= 0) {
                parameter.setName(theirs.get(position));
            }
        }
    }

    private static List<String> names(String path) {
        List<String> names = new ArrayList<>();
        Matcher matcher = PATH_PARAMETER.matcher(path);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** The reference's tags in its order, then the ones only this server's extensions use. */
    private static List<Tag> tags(OpenAPI reference, OpenAPI served, List<Operation> extensions) {
        Map<String, Tag> tags = new LinkedHashMap<>();
        reference.getTags().forEach(tag -> tags.put(tag.getName(), tag));
        Map<String, Tag> scannedTags = new LinkedHashMap<>();
        if (served.getTags() != null) {
            served.getTags().forEach(tag -> scannedTags.put(tag.getName(), tag));
        }
        for (Operation operation : extensions) {
            if (operation.getTags() != null) {
                operation.getTags().forEach(name -> tags.computeIfAbsent(name,
                        absent -> scannedTags.getOrDefault(name, OASFactory.createTag().name(name))));
            }
        }
        return new ArrayList<>(tags.values());
    }

    /**
     * The reference's components, plus the scanned schemas an extension uses that the reference does not
     * name (one it names is the same wire shape, and the reference's wins). Scanned schemas only the
     * replaced operations used are left out.
     */
    private static Components components(OpenAPI reference, Components scanned, List<Operation> extensions) {
        Components components = reference.getComponents();
        Map<String, Schema> scannedSchemas = scanned != null && scanned.getSchemas() != null ? scanned.getSchemas() : Map.of();
        Deque<String> toVisit = new ArrayDeque<>();
        for (Operation operation : extensions) {
            toVisit.addAll(schemaRefs(OASFactory.createOpenAPI().paths(OASFactory.createPaths()
                    .addPathItem("/", OASFactory.createPathItem().GET(operation)))));
        }
        Set<String> visited = new LinkedHashSet<>();
        while (!toVisit.isEmpty()) {
            String name = toVisit.pop();
            if (!visited.add(name) || components.getSchemas().containsKey(name) || !scannedSchemas.containsKey(name)) {
                continue;
            }
            Schema schema = scannedSchemas.get(name);
            components.addSchema(name, schema);
            toVisit.addAll(schemaRefs(OASFactory.createOpenAPI().components(OASFactory.createComponents().addSchema(name, schema))));
        }
        if (scanned != null && scanned.getExamples() != null) {
            scanned.getExamples().forEach(components::addExample);
        }
        return components;
    }

    private static Set<String> schemaRefs(OpenAPI part) {
        try {
            Set<String> refs = new LinkedHashSet<>();
            collectRefs(new ObjectMapper().readTree(OpenApiSerializer.serialize(part, Format.JSON)), refs);
            return refs;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void collectRefs(JsonNode node, Set<String> refs) {
        JsonNode ref = node.get("$ref");
        if (ref != null && ref.isTextual() && ref.asText().startsWith(SCHEMA_REF)) {
            refs.add(ref.asText().substring(SCHEMA_REF.length()));
        }
        node.forEach(child -> collectRefs(child, refs));
    }
}
