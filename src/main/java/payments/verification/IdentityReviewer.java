package payments.verification;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerConfig;

import java.util.Arrays;

/**
 * Who decides a complete verification packet (pure but for its configuration): the sandbox's
 * rules, at once by magic values, or the platform's compliance staff, through the operator review
 * queue ({@link ComplianceReviews}). Configured by {@code svc.verifications.reviewer}; the sandbox
 * defaults to its rules, production to the queue.
 */
@ApplicationScoped
public class IdentityReviewer {

    public enum Kind { SANDBOX_RULES, OPERATOR_QUEUE }

    private final Kind kind;

    public IdentityReviewer(ServerConfig config, VerificationsConfig verifications) {
        this.kind = verifications.reviewer().map(IdentityReviewer::parse)
                .orElse(config.sandbox() ? Kind.SANDBOX_RULES : Kind.OPERATOR_QUEUE);
    }

    private static Kind parse(String value) {
        try {
            return Kind.valueOf(value.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("svc.verifications.reviewer is one of " + Arrays.toString(Kind.values()) + ", not " + value);
        }
    }

    /** Whether the sandbox's rules decide (and let some businesses skip the paperwork). */
    public boolean sandboxRules() {
        return kind == Kind.SANDBOX_RULES;
    }

    public Kind kind() {
        return kind;
    }
}
