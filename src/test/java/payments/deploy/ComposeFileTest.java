package payments.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * compose.yaml (not run here: no Docker on this machine): the server waits for a healthy PostgreSQL,
 * reaches it by its service name with the credentials PostgreSQL is given, is built from the JVM
 * Dockerfile, and refuses to start without a secrets key instead of generating one inside a container
 * that loses it.
 */
class ComposeFileTest {

    @Test
    void theServerWaitsForItsDatabaseAndNamesItConsistently() throws IOException {
        JsonNode compose = new ObjectMapper(new YAMLFactory()).readTree(Path.of("compose.yaml").toFile());
        JsonNode postgres = compose.at("/services/postgres");
        JsonNode server = compose.at("/services/server");
        assertEquals("service_healthy", server.at("/depends_on/postgres/condition").asText());
        assertTrue(postgres.at("/healthcheck/test/1").asText().startsWith("pg_isready"));
        assertTrue(Files.isRegularFile(Path.of(server.at("/build/dockerfile").asText())), "the Dockerfile exists");
        assertTrue(Files.readString(Path.of(server.at("/build/dockerfile").asText())).contains("FROM ${BASE}"), "the base image is a build argument");
        assertTrue(server.at("/build/args/BASE").asText().startsWith("${SVC_JVM_BASE_IMAGE:?"), "named by the user, never defaulted to a registry");

        JsonNode env = server.get("environment");
        String database = postgres.at("/environment/POSTGRES_DB").asText();
        assertEquals("postgresql://postgres:5432/" + database, env.get("QUARKUS_DATASOURCE_REACTIVE_URL").asText());
        assertEquals("jdbc:postgresql://postgres:5432/" + database, env.get("QUARKUS_DATASOURCE_JDBC_URL").asText());
        assertEquals(postgres.at("/environment/POSTGRES_USER").asText(), env.get("QUARKUS_DATASOURCE_USERNAME").asText());
        assertEquals(postgres.at("/environment/POSTGRES_PASSWORD").asText(), env.get("QUARKUS_DATASOURCE_PASSWORD").asText());
        assertTrue(env.get("SVC_SECRETS_KEY").asText().startsWith("${SVC_SECRETS_KEY:?"), "required, never defaulted");
        assertEquals("8080:8080", server.at("/ports/0").asText());
    }
}
