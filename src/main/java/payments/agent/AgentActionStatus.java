package payments.agent;

import java.util.Map;
import java.util.Set;

/**
 * The agent action status machine (pure), checked on every move: a new action is APPROVED (it ran
 * at once), PENDING_APPROVAL (the platform decides) or FAILED; a waiting one is approved, rejected
 * or fails when its approval cannot run; an approved one fails when its payment fails later.
 */
public final class AgentActionStatus {

    private static final String NEW = "(new)";

    private static final Map<String, Set<String>> MOVES = Map.of(
            NEW, Set.of(AgentAction.APPROVED, AgentAction.PENDING_APPROVAL, AgentAction.FAILED),
            AgentAction.PENDING_APPROVAL, Set.of(AgentAction.APPROVED, AgentAction.REJECTED, AgentAction.FAILED),
            AgentAction.APPROVED, Set.of(AgentAction.FAILED));

    private AgentActionStatus() {
    }

    public static boolean canMove(String from, String to) {
        return MOVES.getOrDefault(from == null ? NEW : from, Set.of()).contains(to);
    }

    /** Moves the action, or fails loudly: an illegal move here is a bug, never a client error. */
    public static void move(AgentAction action, String to) {
        if (!canMove(action.status, to)) {
            throw new IllegalStateException("Agent action " + action.id + " cannot move from " + action.status + " to " + to);
        }
        action.status = to;
    }
}
