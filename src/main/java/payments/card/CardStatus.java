package payments.card;

import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.StatusMachine;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A card's statuses and the moves between them (pure). The issuer moves PROCESSING to ACTIVE or
 * to CLOSED (ISSUER_REJECTED); the platform moves ACTIVE and FROZEN between each other and to
 * CLOSED (CLOSED_BY_PLATFORM), which is final; the holder's KYC moves an ACTIVE card to PENDING_KYC
 * and back, or closes every live card (CLOSED_BY_GRID).
 */
public final class CardStatus {

    public static final String PENDING_KYC = "PENDING_KYC";
    public static final String PROCESSING = "PROCESSING";
    public static final String ACTIVE = "ACTIVE";
    public static final String FROZEN = "FROZEN";
    public static final String CLOSED = "CLOSED";

    public static final List<String> ALL = List.of(PENDING_KYC, PROCESSING, ACTIVE, FROZEN, CLOSED);
    /** What PATCH /cards/{id} may ask for. */
    public static final List<String> REQUESTABLE = List.of(ACTIVE, FROZEN, CLOSED);

    public static final String ISSUER_REJECTED = "ISSUER_REJECTED";
    public static final String CLOSED_BY_PLATFORM = "CLOSED_BY_PLATFORM";
    public static final String CLOSED_BY_GRID = "CLOSED_BY_GRID";

    /**
     * What a holder's new KYC/KYB status does to a card, by the card's status: re-opened (PENDING),
     * an ACTIVE card waits in PENDING_KYC (a FROZEN one stays frozen, the platform's choice); approved
     * again, it is ACTIVE; rejected, every live card closes.
     */
    private static final Map<String, Map<String, String>> BY_HOLDER_STATUS = Map.of(
            "PENDING", Map.of(ACTIVE, PENDING_KYC),
            "APPROVED", Map.of(PENDING_KYC, ACTIVE),
            "REJECTED", Map.of(PENDING_KYC, CLOSED, PROCESSING, CLOSED, ACTIVE, CLOSED, FROZEN, CLOSED));

    /** The event of the moves the platform asks for with PATCH /cards/{id}. */
    private static final String REQUESTED = "requested by the platform";

    private static final StatusMachine<Card> MACHINE = StatusMachine.<Card>of("Card", c -> c.id, c -> c.status,
                    (c, status) -> c.status = status)
            .move(StatusMachine.NEW, "issued: the issuer provisions it", PROCESSING)
            .move(PROCESSING, "provisioned", ACTIVE)
            .move(PROCESSING, "provisioned while its holder is re-verified", PENDING_KYC)
            .move(PROCESSING, "the issuer rejected it or never answered, or the service closed it", CLOSED)
            .move(ACTIVE, REQUESTED, FROZEN, CLOSED)
            .move(FROZEN, REQUESTED, ACTIVE, CLOSED)
            .move(ACTIVE, "its holder is re-verified", PENDING_KYC)
            .move(PENDING_KYC, "its holder is approved again", ACTIVE)
            .moveEach(List.of(PENDING_KYC, ACTIVE, FROZEN), "closed by the service (holder rejected, funding account closed)", CLOSED)
            .refusing((card, from, to) -> new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "A " + from
                    + " card cannot be moved to " + to + "; allowed: ACTIVE <-> FROZEN, ACTIVE or FROZEN -> CLOSED"))
            .build();

    private CardStatus() {
    }

    /** A new card's first status. */
    static void issue(Card card) {
        MACHINE.move(card, PROCESSING);
    }

    /** Moves the card to {@code to}: the issuer's answer, the holder's KYC, or the service closing it. */
    static void move(Card card, String to) {
        MACHINE.move(card, to);
    }

    /** The move PATCH /cards/{id} asked for, checked first by {@link #requireMove}. */
    static void request(Card card, String to) {
        MACHINE.request(card, card.status, REQUESTED, to);
    }

    /** The status a card in {@code current} takes when its holder becomes {@code holderStatus}; empty: it stays. */
    public static Optional<String> afterHolderStatus(String current, String holderStatus) {
        return Optional.ofNullable(BY_HOLDER_STATUS.getOrDefault(holderStatus, Map.of()).get(current));
    }

    /** The status a card the issuer has just provisioned takes: ACTIVE, or PENDING_KYC while its holder is re-verified. */
    public static String provisioned(String holderStatus) {
        return "PENDING".equals(holderStatus) ? PENDING_KYC : ACTIVE;
    }

    /** Whether a card in {@code status} counts against the platform's live-card maximum. */
    public static boolean live(String status) {
        return !CLOSED.equals(status);
    }

    /**
     * Refuses a change to a card in {@code current}: any change to a CLOSED card is 409
     * CARD_NOT_MUTABLE, closing it again 409 CARD_ALREADY_CLOSED.
     */
    public static void requireMutable(String current, String requested) {
        if (CLOSED.equals(current)) {
            if (CLOSED.equals(requested)) {
                throw new ApiException(ErrorCode.CARD_ALREADY_CLOSED, "The card is already CLOSED");
            }
            throw new ApiException(ErrorCode.CARD_NOT_MUTABLE, "The card is CLOSED and can no longer change");
        }
    }

    /**
     * Refuses a platform move from {@code current} to {@code requested} that is not ACTIVE to
     * FROZEN, FROZEN to ACTIVE, or ACTIVE or FROZEN to CLOSED: 409 INVALID_STATE_TRANSITION,
     * asking for the status the card already has included (the spec: a move, not a no-op).
     */
    public static void requireMove(String current, String requested) {
        requireMutable(current, requested);
        if (!MACHINE.allows(current, REQUESTED, requested)) {
            throw new ApiException(ErrorCode.INVALID_STATE_TRANSITION, "A " + current + " card cannot be moved to " + requested
                    + "; allowed: ACTIVE <-> FROZEN, ACTIVE or FROZEN -> CLOSED");
        }
    }
}
