package payments.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * deploy/kubernetes: every file the kustomization names parses, two replicas share the settings of
 * one ConfigMap and one Secret, the probes name health checks this server answers on the container's
 * port, and every SVC_ setting they set is one the README documents.
 */
@QuarkusTest
class KubernetesManifestsTest {

    private static final Path DIR = Path.of("deploy/kubernetes");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void theManifestsDescribeTwoProbedReplicasWithTheirSettings() throws IOException {
        JsonNode kustomization = YAML.readTree(DIR.resolve("kustomization.yaml").toFile());
        Map<String, JsonNode> byKind = new HashMap<>();
        for (JsonNode resource : kustomization.get("resources")) {
            JsonNode manifest = YAML.readTree(DIR.resolve(resource.asText()).toFile());
            byKind.put(manifest.get("kind").asText(), manifest);
        }
        assertEquals(List.of("ConfigMap", "Deployment", "Namespace", "Secret", "Service"), byKind.keySet().stream().sorted().toList());

        JsonNode deployment = byKind.get("Deployment");
        assertEquals(2, deployment.at("/spec/replicas").asInt());
        JsonNode container = deployment.at("/spec/template/spec/containers/0");
        assertEquals(8080, container.at("/ports/0/containerPort").asInt());
        String port = container.at("/ports/0/name").asText();
        assertEquals(port, container.at("/readinessProbe/httpGet/port").asText());
        assertEquals(port, container.at("/livenessProbe/httpGet/port").asText());
        assertEquals(port, byKind.get("Service").at("/spec/ports/0/targetPort").asText());
        List<String> probes = List.of(container.at("/readinessProbe/httpGet/path").asText(), container.at("/livenessProbe/httpGet/path").asText());
        for (String probe : probes) {
            RestAssured.given().get(probe).then().statusCode(200);
        }
        assertEquals(List.of("/q/health/ready", "/q/health/live"), probes);
        assertEquals(byKind.get("ConfigMap").at("/metadata/name").asText(), container.at("/envFrom/0/configMapRef/name").asText());
        assertEquals(byKind.get("Secret").at("/metadata/name").asText(), container.at("/envFrom/1/secretRef/name").asText());

        JsonNode settings = byKind.get("ConfigMap").get("data");
        JsonNode secrets = byKind.get("Secret").get("stringData");
        assertEquals("production", settings.get("SVC_MODE").asText());
        assertTrue(settings.get("QUARKUS_DATASOURCE_REACTIVE_URL").asText().startsWith("postgresql://"));
        assertTrue(settings.get("QUARKUS_DATASOURCE_JDBC_URL").asText().startsWith("jdbc:postgresql://"));
        for (String secret : List.of("QUARKUS_DATASOURCE_USERNAME", "QUARKUS_DATASOURCE_PASSWORD", "SVC_API_CLIENT_ID",
                "SVC_API_CLIENT_SECRET", "SVC_SECRETS_KEY", "SVC_COMPLIANCE_CLIENT_ID", "SVC_COMPLIANCE_CLIENT_SECRET")) {
            assertTrue(secrets.has(secret), secret + " belongs in the Secret");
            assertTrue(!settings.has(secret), secret + " must not sit in the ConfigMap");
        }
        // Applied unedited, the example must not start: each credential in it is a placeholder the server refuses.
        for (String credential : List.of("QUARKUS_DATASOURCE_PASSWORD", "SVC_API_CLIENT_ID", "SVC_API_CLIENT_SECRET",
                "SVC_COMPLIANCE_CLIENT_ID", "SVC_COMPLIANCE_CLIENT_SECRET")) {
            assertTrue(payments.common.Placeholders.is(secrets.get(credential).asText()), credential + " is refused as it stands");
        }
        List<String> undocumented = new ArrayList<>();
        String readme = Files.readString(Path.of("README.md"));
        List<String> names = new ArrayList<>();
        settings.fieldNames().forEachRemaining(names::add);
        secrets.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            Matcher documented = Pattern.compile("`" + Pattern.quote(name) + "`").matcher(readme);
            if (name.startsWith("SVC_") && !documented.find()) {
                undocumented.add(name);
            }
        }
        assertEquals(List.of(), undocumented, "settings the README's configuration table does not describe");
    }
}
