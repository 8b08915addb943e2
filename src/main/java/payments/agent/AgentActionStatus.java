package payments.agent;

import payments.common.StatusMachine;

/**
 * The agent action status machine (pure), checked on every move: a new action is APPROVED (it ran
 * at once), PENDING_APPROVAL (the platform decides) or FAILED; a waiting one is approved, rejected
 * or fails when its approval cannot run; an approved one fails when its payment fails later.
 */
public final class AgentActionStatus {

    private static final StatusMachine<AgentAction> MACHINE = StatusMachine.<AgentAction>of("Agent action",
                    a -> a.id, a -> a.status, (a, status) -> a.status = status)
            .move(StatusMachine.NEW, "ran at once", AgentAction.APPROVED)
            .move(StatusMachine.NEW, "above the approval threshold: the platform decides", AgentAction.PENDING_APPROVAL)
            .move(StatusMachine.NEW, "its payment could not run", AgentAction.FAILED)
            .move(AgentAction.PENDING_APPROVAL, "approved by the platform", AgentAction.APPROVED)
            .move(AgentAction.PENDING_APPROVAL, "rejected by the platform", AgentAction.REJECTED)
            .move(AgentAction.PENDING_APPROVAL, "its approval could not run", AgentAction.FAILED)
            .move(AgentAction.APPROVED, "its payment failed later", AgentAction.FAILED)
            .build();

    private AgentActionStatus() {
    }

    public static boolean canMove(String from, String to) {
        return MACHINE.allows(from, to);
    }

    /** Moves the action, or fails loudly: an illegal move here is a bug, never a client error. */
    public static void move(AgentAction action, String to) {
        MACHINE.move(action, to);
    }
}
