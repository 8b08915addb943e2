package payments.quote;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Every move a quote makes, and nothing else. */
class QuoteStatusTest {

    @Test
    void theTableHoldsExactlyTheMovesTheCodeMakes() {
        List<String> moves = new ArrayList<>();
        for (QuoteStatus from : QuoteStatus.values()) {
            for (QuoteStatus to : QuoteStatus.values()) {
                if (from.canMoveTo(to)) {
                    moves.add(from + " -> " + to);
                }
            }
        }
        assertEquals(List.of(
                "PENDING -> PENDING_AUTHORIZATION", "PENDING -> PROCESSING", "PENDING -> EXPIRED",
                "PENDING_AUTHORIZATION -> PENDING", "PENDING_AUTHORIZATION -> PROCESSING", "PENDING_AUTHORIZATION -> FAILED"),
                moves);
    }

    @Test
    void anIllegalMoveIsABugAndChangesNothing() {
        Quote quote = new Quote();
        quote.status = QuoteStatus.EXPIRED.name();
        assertThrows(IllegalStateException.class, () -> QuoteStatus.move(quote, QuoteStatus.PROCESSING));
        assertEquals("EXPIRED", quote.status);

        quote.status = QuoteStatus.PENDING.name();
        QuoteStatus.move(quote, QuoteStatus.PENDING_AUTHORIZATION);
        assertEquals("PENDING_AUTHORIZATION", quote.status);
    }
}
