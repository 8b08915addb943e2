package payments.verification;

import io.smallrye.config.ConfigMapping;

import java.util.Optional;

/** Identity verification: who decides a complete packet. */
@ConfigMapping(prefix = "svc.verifications")
public interface VerificationsConfig {
    /**
     * The sandbox's own rules (its magic values decide at once; the sandbox only, see
     * sandbox.SandboxProviders) or OPERATOR_QUEUE (the platform's compliance staff decide through
     * /compliance/reviews); unset: the first in the sandbox, the second in production.
     */
    Optional<String> reviewer();
}
