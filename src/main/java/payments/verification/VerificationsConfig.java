package payments.verification;

import io.smallrye.config.ConfigMapping;

import java.util.Optional;

/** Identity verification: who decides a complete packet. */
@ConfigMapping(prefix = "svc.verifications")
public interface VerificationsConfig {
    /**
     * SANDBOX_RULES (the sandbox's magic values decide at once) or OPERATOR_QUEUE (the
     * platform's compliance staff decide through /compliance/reviews); unset: the first in the
     * sandbox, the second in production.
     */
    Optional<String> reviewer();
}
