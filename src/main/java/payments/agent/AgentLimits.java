package payments.agent;

import payments.agent.AgentPolicy.AccountRule;
import payments.agent.AgentPolicy.SpendingLimits;

import java.time.LocalDate;
import java.time.YearMonth;

/**
 * An agent's spending rules applied to one payment (pure): the limits (per transaction, with the
 * account's override; per UTC day in amount and count; per UTC month), then whether the platform
 * must approve it (the account's or the default execution mode, and the approval threshold, which
 * only an amount strictly above it crosses). Amounts are already in the policy's currencies.
 */
final class AgentLimits {

    private AgentLimits() {
    }

    /** Why the payment breaks a hard limit (403); null when it stays within all of them. */
    static String breach(AgentPolicy policy, String accountId, long amount, Agent agent, LocalDate today) {
        SpendingLimits limits = policy.spendingLimits();
        AccountRule rule = rule(policy, accountId);
        Long perTransaction = rule != null && rule.perTransactionLimit() != null ? rule.perTransactionLimit() : limits.perTransactionLimit();
        boolean sameDay = today.equals(agent.usageDay);
        boolean sameMonth = YearMonth.from(today).toString().equals(agent.usageMonth);
        long daily = sameDay ? agent.dailySpend : 0;
        int count = sameDay ? agent.dailyCount : 0;
        long monthly = sameMonth ? agent.monthlySpend : 0;
        if (perTransaction != null && amount > perTransaction) {
            return "The payment is above the agent's per-transaction limit of " + perTransaction + " " + limits.currency();
        }
        if (limits.dailyLimit() != null && daily + amount > limits.dailyLimit()) {
            return "The payment would take the agent past its daily limit of " + limits.dailyLimit() + " " + limits.currency();
        }
        if (limits.dailyTransactionLimit() != null && count + 1 > limits.dailyTransactionLimit()) {
            return "The agent has made its " + limits.dailyTransactionLimit() + " payments for today";
        }
        if (limits.monthlyLimit() != null && monthly + amount > limits.monthlyLimit()) {
            return "The payment would take the agent past its monthly limit of " + limits.monthlyLimit() + " " + limits.currency();
        }
        return null;
    }

    /** Whether the platform must approve the payment first; {@code thresholdAmount} is the amount in the threshold's currency. */
    static boolean needsApproval(AgentPolicy policy, String accountId, Long thresholdAmount) {
        AccountRule rule = rule(policy, accountId);
        String mode = rule != null && rule.executionMode() != null ? rule.executionMode() : policy.defaultExecutionMode();
        if ("APPROVAL_REQUIRED".equals(mode)) {
            return true;
        }
        return policy.approvalThresholds() != null && policy.approvalThresholds().amount() != null && thresholdAmount != null
                && thresholdAmount > policy.approvalThresholds().amount();
    }

    /** Counts an executed payment in the agent's day and month (counters of an earlier period start again). */
    static void count(Agent agent, long amount, LocalDate today) {
        String month = YearMonth.from(today).toString();
        if (!today.equals(agent.usageDay)) {
            agent.usageDay = today;
            agent.dailySpend = 0;
            agent.dailyCount = 0;
        }
        if (!month.equals(agent.usageMonth)) {
            agent.usageMonth = month;
            agent.monthlySpend = 0;
        }
        agent.dailySpend = Math.addExact(agent.dailySpend, amount);
        agent.dailyCount++;
        agent.monthlySpend = Math.addExact(agent.monthlySpend, amount);
    }

    /** Gives back what a payment that failed after all had counted, in the day and month it counted in (if still current). */
    static void giveBack(Agent agent, long amount, LocalDate countedOn) {
        if (countedOn.equals(agent.usageDay)) {
            agent.dailySpend = Math.max(0, agent.dailySpend - amount);
            agent.dailyCount = Math.max(0, agent.dailyCount - 1);
        }
        if (YearMonth.from(countedOn).toString().equals(agent.usageMonth)) {
            agent.monthlySpend = Math.max(0, agent.monthlySpend - amount);
        }
    }

    /** Whether the account may be used at all (allowedAccountIds null: every account of the customer). */
    static boolean allowed(AgentPolicy policy, String accountId) {
        return policy.accountRestrictions() == null || policy.accountRestrictions().allowedAccountIds() == null
                || policy.accountRestrictions().allowedAccountIds().contains(accountId);
    }

    private static AccountRule rule(AgentPolicy policy, String accountId) {
        if (policy.accountRestrictions() == null || policy.accountRestrictions().accountRules() == null) {
            return null;
        }
        return policy.accountRestrictions().accountRules().stream().filter(r -> r.accountId().equals(accountId)).findFirst().orElse(null);
    }
}
