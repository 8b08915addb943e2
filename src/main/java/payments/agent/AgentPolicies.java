package payments.agent;

import payments.agent.AgentPolicy.AccountRestrictions;
import payments.agent.AgentPolicy.AccountRule;
import payments.agent.AgentPolicy.ApprovalThresholds;
import payments.agent.AgentPolicy.SpendingLimits;
import payments.common.Currencies;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonText;
import payments.common.schema.JsonSchema;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The rules of a policy as a request sends it (pure): its shape, known currencies and well-formed
 * account ids, and how a PATCH merges into the current policy. Whether the accounts are the
 * customer's is the service's to check.
 */
final class AgentPolicies {

    private static final String LIMITS = """
            "currency": {"type": "string"},
            "perTransactionLimit": {"type": "integer", "minimum": 1},
            "dailyLimit": {"type": "integer", "minimum": 1},
            "dailyTransactionLimit": {"type": "integer", "minimum": 1, "maximum": 2147483647},
            "monthlyLimit": {"type": "integer", "minimum": 1}""";
    private static final String REST = """
            "permissions": {"type": "array", "maxItems": 5, "items": {"type": "string", "enum": ["VIEW_TRANSACTIONS",
                "CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"]}},
            "defaultExecutionMode": {"type": "string", "enum": ["AUTO", "APPROVAL_REQUIRED"]},
            "accountRestrictions": {"type": "object", "properties": {
              "allowedAccountIds": {"type": "array", "maxItems": 100, "items": {"type": "string"}},
              "accountRules": {"type": "array", "maxItems": 100, "items": {"type": "object", "required": ["accountId"],
                "properties": {"accountId": {"type": "string"},
                  "executionMode": {"type": "string", "enum": ["AUTO", "APPROVAL_REQUIRED"]},
                  "perTransactionLimit": {"type": "integer", "minimum": 1}}}}}},
            "approvalThresholds": {"type": "object", "properties": {
              "currency": {"type": "string"}, "amount": {"type": "integer", "minimum": 0}}}""";
    static final JsonSchema POLICY = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["permissions", "defaultExecutionMode", "spendingLimits"], "properties": {
              "spendingLimits": {"type": "object", "required": ["currency", "perTransactionLimit"], "properties": {
            """ + LIMITS + "}}, " + REST + "}}"));
    static final JsonSchema POLICY_UPDATE = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "properties": {
              "spendingLimits": {"type": "object", "properties": {
            """ + LIMITS + "}}, " + REST + "}}"));
    static final List<String> FIELDS = List.of("permissions", "defaultExecutionMode", "spendingLimits", "accountRestrictions",
            "approvalThresholds");

    private AgentPolicies() {
    }

    /**
     * Every problem of a policy (or, {@code partial}, a policy update) at {@code path} beyond what its
     * schema says; {@code body} tells which fields were sent, and which as null.
     */
    static void check(AgentPolicy policy, String path, boolean partial, JsonBodies.Bound<?> body, List<FieldError> errors) {
        if (partial && FIELDS.stream().noneMatch(field -> body.sent(join(path, field)))) {
            errors.add(FieldError.of(path.isEmpty() ? "body" : path, "Send at least one of " + String.join(", ", FIELDS)));
        }
        SpendingLimits limits = policy.spendingLimits();
        currency(limits == null ? null : limits.currency(), join(path, "spendingLimits.currency"), errors);
        ApprovalThresholds thresholds = policy.approvalThresholds();
        currency(thresholds == null ? null : thresholds.currency(), join(path, "approvalThresholds.currency"), errors);
        if (thresholds != null && thresholds.amount() != null && thresholds.currency() == null) {
            errors.add(FieldError.of(join(path, "approvalThresholds.currency"), "Is required when approvalThresholds.amount is set"));
        }
        List<String> permissions = policy.permissions();
        if (permissions != null && new LinkedHashSet<>(permissions).size() != permissions.size()) {
            errors.add(FieldError.of(join(path, "permissions"), "Each permission may appear once"));
        }
        AccountRestrictions restrictions = policy.accountRestrictions();
        List<String> allowed = restrictions == null || restrictions.allowedAccountIds() == null ? List.of() : restrictions.allowedAccountIds();
        for (int i = 0; i < allowed.size(); i++) {
            accountId(allowed.get(i), join(path, "accountRestrictions.allowedAccountIds[" + i + "]"), errors);
        }
        List<AccountRule> rules = restrictions == null || restrictions.accountRules() == null ? List.of() : restrictions.accountRules();
        for (int i = 0; i < rules.size(); i++) {
            accountId(rules.get(i) == null ? null : rules.get(i).accountId(),
                    join(path, "accountRestrictions.accountRules[" + i + "].accountId"), errors);
        }
        if (partial) {
            for (String nonNull : List.of("permissions", "defaultExecutionMode", "spendingLimits", "spendingLimits.perTransactionLimit")) {
                if (body.sentAsNull(join(path, nonNull))) {
                    errors.add(FieldError.of(join(path, nonNull), "Cannot be null"));
                }
            }
        }
    }

    private static void currency(String code, String field, List<FieldError> errors) {
        if (code != null && !Currencies.isKnown(code)) {
            errors.add(new FieldError(field, FieldError.Constraint.oneOf(Currencies.codes()), "Unknown currency code"));
        }
    }

    private static void accountId(String id, String field, List<FieldError> errors) {
        if (id != null && !Ids.isValid(IdType.INTERNAL_ACCOUNT, id)) {
            errors.add(new FieldError(field, FieldError.Constraint.idOf(IdType.INTERNAL_ACCOUNT), "Must be an InternalAccount id"));
        }
    }

    private static String join(String path, String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    /** Every internal account the policy names, to check they are the customer's. */
    static Set<String> accountIds(AgentPolicy policy) {
        Set<String> ids = new LinkedHashSet<>();
        if (policy.accountRestrictions() != null) {
            if (policy.accountRestrictions().allowedAccountIds() != null) {
                ids.addAll(policy.accountRestrictions().allowedAccountIds());
            }
            if (policy.accountRestrictions().accountRules() != null) {
                policy.accountRestrictions().accountRules().forEach(rule -> ids.add(rule.accountId()));
            }
        }
        return ids;
    }

    /**
     * A PATCH applied: each field sent replaces the current one ({@code permissions} whole);
     * {@code spendingLimits} merges field by field (null clears a nullable limit), and a new
     * currency re-denominates the limits not sent, at {@code newPerOld} (new units per old unit).
     */
    static AgentPolicy merged(AgentPolicy current, JsonBodies.Bound<AgentPolicy> patchBody, Function<String, BigDecimal> newPerOld) {
        AgentPolicy patch = patchBody.value();
        SpendingLimits limits = current.spendingLimits();
        if (patch.spendingLimits() != null) {
            SpendingLimits given = patch.spendingLimits();
            String currency = given.currency() != null ? given.currency() : limits.currency();
            BigDecimal rate = currency.equals(limits.currency()) ? BigDecimal.ONE : newPerOld.apply(currency);
            limits = new SpendingLimits(currency,
                    patchBody.sent("spendingLimits.perTransactionLimit") ? given.perTransactionLimit()
                            : convert(limits.perTransactionLimit(), limits.currency(), currency, rate),
                    patchBody.sent("spendingLimits.dailyLimit") ? given.dailyLimit()
                            : convert(limits.dailyLimit(), limits.currency(), currency, rate),
                    patchBody.sent("spendingLimits.dailyTransactionLimit") ? given.dailyTransactionLimit() : limits.dailyTransactionLimit(),
                    patchBody.sent("spendingLimits.monthlyLimit") ? given.monthlyLimit()
                            : convert(limits.monthlyLimit(), limits.currency(), currency, rate));
        }
        return new AgentPolicy(
                patchBody.sent("permissions") ? patch.permissions() : current.permissions(),
                patchBody.sent("defaultExecutionMode") ? patch.defaultExecutionMode() : current.defaultExecutionMode(),
                limits,
                patchBody.sent("accountRestrictions") ? patch.accountRestrictions() : current.accountRestrictions(),
                patchBody.sent("approvalThresholds") ? patch.approvalThresholds() : current.approvalThresholds());
    }

    /**
     * An amount of minor units of {@code from} in minor units of {@code to}, at {@code rate} (to per
     * from, major units), half-even, at least 1. ArithmeticException beyond the largest amount (9e15).
     */
    static Long convert(Long amount, String from, String to, BigDecimal rate) {
        return convert(amount, from, to, rate, false);
    }

    /** {@link #convert}; {@code mayBeZero} for counters, where nothing stays nothing. */
    static Long convert(Long amount, String from, String to, BigDecimal rate, boolean mayBeZero) {
        if (amount == null || from.equals(to) || mayBeZero && amount == 0) {
            return amount;
        }
        BigDecimal major = BigDecimal.valueOf(amount).movePointLeft(Currencies.require(from).decimals());
        long converted = major.multiply(rate).movePointRight(Currencies.require(to).decimals())
                .setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        if (converted > payments.common.MinorUnits.MAX_AMOUNT) {
            throw new ArithmeticException("beyond the largest amount");
        }
        return Math.max(1, converted);
    }
}
