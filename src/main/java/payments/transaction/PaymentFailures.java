package payments.transaction;

import io.smallrye.mutiny.Uni;

/**
 * Told, in the settlement's transaction, when a payment someone else started fails after it was
 * accepted: the agents feature gives back what the agent's usage counted for it.
 */
public interface PaymentFailures {

    Uni<Void> failed(PaymentTransaction payment);
}
