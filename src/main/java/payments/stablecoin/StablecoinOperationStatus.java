package payments.stablecoin;

import payments.common.StatusMachine;

/**
 * The stablecoin operation status machine (pure). An operation waits for its funds
 * (PENDING_FUNDING: a wire to the provider, tokens sent to a burn's deposit address) or for the
 * provider to act (PENDING_PROVIDER: an ACH debit), is PROCESSING once the provider has what it
 * needs, and ends COMPLETED or FAILED; funds that never arrive leave it EXPIRED.
 */
public final class StablecoinOperationStatus {

    private static final StatusMachine<StablecoinOperation> MACHINE = StatusMachine.<StablecoinOperation>of("Stablecoin operation",
                    o -> o.id, o -> o.status, (o, status) -> o.status = status)
            .move(StatusMachine.NEW, "waits for its funds", StablecoinOperation.PENDING_FUNDING)
            .move(StatusMachine.NEW, "waits for the provider (an ACH debit)", StablecoinOperation.PENDING_PROVIDER)
            .move(StatusMachine.NEW, "the provider has what it needs", StablecoinOperation.PROCESSING)
            .move(StablecoinOperation.PENDING_FUNDING, "the funds arrived", StablecoinOperation.PROCESSING)
            .move(StablecoinOperation.PENDING_FUNDING, "the funds never arrived", StablecoinOperation.EXPIRED)
            .move(StablecoinOperation.PENDING_FUNDING, "the provider refused it", StablecoinOperation.FAILED)
            .move(StablecoinOperation.PENDING_PROVIDER, "the provider acted", StablecoinOperation.PROCESSING)
            .move(StablecoinOperation.PENDING_PROVIDER, "the provider refused it", StablecoinOperation.FAILED)
            .move(StablecoinOperation.PROCESSING, "the provider completed it", StablecoinOperation.COMPLETED)
            .move(StablecoinOperation.PROCESSING, "the provider failed it", StablecoinOperation.FAILED)
            .build();

    private StablecoinOperationStatus() {
    }

    public static boolean canMove(String from, String to) {
        return MACHINE.allows(from, to);
    }

    /** Moves the operation, or fails loudly: callers check {@link #canMove} first, so an illegal move is a bug. */
    static void move(StablecoinOperation operation, String to) {
        MACHINE.move(operation, to);
    }
}
