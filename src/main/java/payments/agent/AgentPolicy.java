package payments.agent;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/** An agent's policy as the wire shows it (and as it is stored). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentPolicy(List<String> permissions, String defaultExecutionMode, SpendingLimits spendingLimits,
                          AccountRestrictions accountRestrictions, ApprovalThresholds approvalThresholds) {

    public static final List<String> PERMISSIONS = List.of("VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES",
            "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS");
    public static final List<String> EXECUTION_MODES = List.of("AUTO", "APPROVAL_REQUIRED");

    /** Amounts in the smallest unit of {@code currency}; null: no such limit. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record SpendingLimits(String currency, Long perTransactionLimit, Long dailyLimit,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) Integer dailyTransactionLimit, Long monthlyLimit) {
    }

    /** {@code allowedAccountIds} null: every internal account of the customer. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AccountRestrictions(List<String> allowedAccountIds, List<AccountRule> accountRules) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record AccountRule(String accountId, String executionMode, Long perTransactionLimit) {
    }

    /** Anything above {@code amount} (in {@code currency}) waits for the platform's approval, even in AUTO. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ApprovalThresholds(String currency, Long amount) {
    }

    public boolean permits(String permission) {
        return permissions.contains(permission);
    }
}
