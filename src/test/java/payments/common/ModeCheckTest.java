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
}
