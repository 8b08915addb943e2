package payments.common;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which settings make a production server refuse to start. */
class ModeCheckTest {

    @Test
    void sandboxOnlySettingsAreFoundInTheEnvironmentAndSystemProperties() {
        assertEquals(List.of("SVC_SANDBOX_CREDENTIALS_FILE", "svc.sandbox-secrets-key-file"), ModeCheck.sandboxSettings(
                Map.of("SVC_SANDBOX_CREDENTIALS_FILE", "x", "SVC_MODE", "production", "PATH", "/bin"),
                Map.of("svc.sandbox-secrets-key-file", "y", "svc.mode", "production")));
        assertEquals(List.of(), ModeCheck.sandboxSettings(Map.of("SVC_SECRETS_KEY", "k"), Map.of()));
    }

    @Test
    void productionNeedsASecretsKey() {
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.secretsKeyProblem(java.util.Optional.empty()));
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.secretsKeyProblem(java.util.Optional.of(" ")));
        org.junit.jupiter.api.Assertions.assertNull(ModeCheck.secretsKeyProblem(java.util.Optional.of("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")));
    }

    @Test
    void productionNeedsTheBootstrapCredentialsGiven() {
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.apiCredentialsProblem(java.util.Optional.empty(), java.util.Optional.empty()));
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.apiCredentialsProblem(java.util.Optional.of("platform"), java.util.Optional.empty()));
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.apiCredentialsProblem(java.util.Optional.of("platform"), java.util.Optional.of(" ")));
        org.junit.jupiter.api.Assertions.assertNull(ModeCheck.apiCredentialsProblem(java.util.Optional.of("platform"), java.util.Optional.of("s3cret")));
    }

    @Test
    void aSecretsKeyMustBe32BytesOfBase64() {
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.secretsKeyProblem(java.util.Optional.of("change-me")));
        org.junit.jupiter.api.Assertions.assertNotNull(ModeCheck.secretsKeyProblem(java.util.Optional.of("AAECAwQFBgcICQoLDA0ODxAREhMUFRYX")));
    }

    @Test
    void examplePlaceholdersAreRefusedWithoutRepeatingTheValue() {
        for (String placeholder : List.of("change-me", "CHANGE_ME", "change-me-compliance", "<replace-me>", "password", "xxxxxxxx",
                "your-secret-here", "")) {
            org.junit.jupiter.api.Assertions.assertTrue(Placeholders.is(placeholder), placeholder);
        }
        for (String chosen : List.of("test-secret", "s3cret-7f1c9a2b", "platform-eu-1", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")) {
            org.junit.jupiter.api.Assertions.assertFalse(Placeholders.is(chosen), chosen);
        }
        java.util.Map<String, java.util.Optional<String>> settings = new java.util.LinkedHashMap<>();
        settings.put("SVC_API_CLIENT_SECRET", java.util.Optional.of("change-me"));
        settings.put("SVC_API_CLIENT_ID", java.util.Optional.of("platform"));
        settings.put("SVC_COMPLIANCE_CLIENT_SECRET", java.util.Optional.empty());
        settings.put("QUARKUS_DATASOURCE_PASSWORD", java.util.Optional.of("changeme"));
        List<String> problems = Placeholders.problems(settings);
        assertEquals(2, problems.size(), problems.toString());
        org.junit.jupiter.api.Assertions.assertTrue(problems.get(0).startsWith("SVC_API_CLIENT_SECRET holds a placeholder"));
        org.junit.jupiter.api.Assertions.assertTrue(problems.get(1).startsWith("QUARKUS_DATASOURCE_PASSWORD holds a placeholder"));
        org.junit.jupiter.api.Assertions.assertFalse(problems.get(1).contains("changeme"), "the value is not repeated");
    }

    /** Customers' UMA addresses: the configured domain, else the public base URL's host; the sandbox's only in the sandbox. */
    @Test
    void theUmaDomainIsTheOperatorsInProduction() {
        assertEquals(java.util.Optional.of("pay.example.org"), serverConfig(Map.of("svc.mode", "production", "svc.uma-domain", "pay.example.org",
                "svc.public-base-url", "https://api.example.com/2025-10-13/")).defaultUmaDomain());
        assertEquals(java.util.Optional.of("api.example.com"), serverConfig(Map.of("svc.mode", "production",
                "svc.public-base-url", "https://api.example.com/2025-10-13/")).defaultUmaDomain());
        assertEquals(java.util.Optional.empty(), serverConfig(Map.of("svc.mode", "production")).defaultUmaDomain());
        assertEquals(java.util.Optional.of("sandbox.uma.money"), serverConfig(Map.of()).defaultUmaDomain());
    }

    private static ServerConfig serverConfig(Map<String, String> settings) {
        return new io.smallrye.config.SmallRyeConfigBuilder().withMapping(ServerConfig.class)
                .withConverter(java.time.Duration.class, 100, new io.quarkus.runtime.configuration.DurationConverter())
                .withSources(new io.smallrye.config.PropertiesConfigSource(settings, "test", 100)).build()
                .getConfigMapping(ServerConfig.class);
    }
}
