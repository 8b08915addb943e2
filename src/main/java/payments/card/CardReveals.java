package payments.card;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.Ids;
import payments.common.ServerClock;
import payments.common.Sha256;
import payments.common.ServerConfig;
import payments.common.security.Caller;
import payments.common.security.SecretsAtRest;
import payments.common.web.HostedPages;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Reveals of a card's number, expiry and CVV: a short-lived link that opens once (the issuer's
 * iframe in production; a sandbox page here). Each reveal is recorded with the caller that asked
 * for it; the link's secret is kept only as a hash and the details never leave their seal except
 * on that page.
 */
@ApplicationScoped
public class CardReveals {

    public static final String PAGE_PATH = "hosted/card-reveal/";
    private static final Logger LOG = Logger.getLogger(CardReveals.class);

    /** POST /cards/{id}/reveal's answer. */
    public record RevealLink(String panEmbedUrl, String expiresAt) {
    }

    /** What the page shows. */
    public record Details(String pan, int expMonth, int expYear, String cvv, String last4) {
    }

    private final CardService cards;
    private final SecretsAtRest secrets;
    private final ServerClock clock;
    private final ServerConfig config;

    public CardReveals(CardService cards, SecretsAtRest secrets, ServerClock clock, ServerConfig config) {
        this.cards = cards;
        this.secrets = secrets;
        this.clock = clock;
        this.config = config;
    }

    @WithTransaction
    public Uni<RevealLink> reveal(String cardId, Caller caller, URI base) {
        cards.requireIssuer();
        if (caller == null || caller.principalId() == null || caller.principalId().isBlank()) {
            throw new ApiException(ErrorCode.FORBIDDEN, "A reveal is recorded against the caller that asked for it, and this"
                    + " request has none");
        }
        return CardService.find(cardId, false).flatMap(card -> {
            if (card.sealedDetails == null || CardStatus.CLOSED.equals(card.status)) {
                throw new ApiException(ErrorCode.CONFLICT, "Card " + card.wireId() + " is " + card.status
                        + (CardStatus.CLOSED.equals(card.status) ? "; a closed card's details are not shown" : "; it has no details yet"));
            }
            String secret = HostedPages.newToken(32);
            Instant now = clock.now();
            Instant expiresAt = now.plus(config.cards().revealLinkLifetime());
            return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                            INSERT INTO card_reveals (id, card_id, actor, secret_hash, expires_at, created_at)
                            VALUES (:id, :card, :actor, :hash, :expires, :now)""")
                    .setParameter("id", Ids.newUuid()).setParameter("card", card.id).setParameter("actor", caller.scope())
                    .setParameter("hash", Sha256.hex(secret)).setParameter("expires", expiresAt).setParameter("now", now)
                    .executeUpdate())
                    .invoke(() -> LOG.infof("Card %s details revealed to %s", card.wireId(), caller.scope()))
                    .map(inserted -> new RevealLink(base.resolve(PAGE_PATH + secret).toString(), expiresAt.toString()));
        });
    }

    /** Opens a reveal link once: the card's details, or 410 LINK_EXPIRED when it was used, ran out or never existed. */
    @WithTransaction
    public Uni<Details> open(String secret) {
        return Panache.getSession().flatMap(session -> session.createNativeQuery("""
                        UPDATE card_reveals SET used_at = :now
                        WHERE secret_hash = :hash AND used_at IS NULL AND expires_at > :now RETURNING card_id""", UUID.class)
                .setParameter("now", clock.now()).setParameter("hash", Sha256.hex(secret)).getResultList())
                .flatMap((List<UUID> cards) -> {
                    if (cards.isEmpty()) {
                        throw new ApiException(ErrorCode.LINK_EXPIRED, "This link was already used or has expired; ask for a new reveal");
                    }
                    return Card.<Card>findById(cards.get(0));
                })
                .map(card -> {
                    String[] parts = secrets.open(CardProvisioning.sealName(card.id), card.sealedDetails).split("\\|");
                    return new Details(parts[0], Integer.parseInt(parts[1]), Integer.parseInt(parts[2]), parts[3], card.last4);
                });
    }
}
