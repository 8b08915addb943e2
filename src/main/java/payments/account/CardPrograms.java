package payments.account;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.Currencies;
import payments.common.ServerConfig;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The card programs this server offers, one per card-eligible currency (SVC_CARDS_PROGRAMS): which
 * internal accounts can fund a card, and the {@link CardCapabilities} of such a card.
 */
@ApplicationScoped
public class CardPrograms {

    /** Account types that can fund a card: a RULE_BASED account passes everything it receives on. */
    private static final Set<String> FUNDING_TYPES = Set.of(InternalAccount.INTERNAL_FIAT, InternalAccount.INTERNAL_CRYPTO,
            InternalAccount.EMBEDDED_WALLET);

    private final Map<String, CardCapabilities> byCurrency;

    @jakarta.inject.Inject
    public CardPrograms(ServerConfig config) {
        this(config.cards().programs());
    }

    CardPrograms(List<String> programs) {
        this.byCurrency = parse(programs);
    }

    static Map<String, CardCapabilities> parse(List<String> programs) {
        Map<String, CardCapabilities> parsed = new HashMap<>();
        for (String program : programs) {
            String[] parts = program.strip().split(":", 2);
            String currency = parts[0].strip().toUpperCase(Locale.ROOT);
            if (!Currencies.isKnown(currency)) {
                throw new IllegalArgumentException("SVC_CARDS_PROGRAMS names an unknown currency: " + currency);
            }
            Set<String> flags = parts.length < 2 || parts[1].isBlank() ? Set.of()
                    : Set.of(parts[1].toUpperCase(Locale.ROOT).split("\\+"));
            Set<String> known = Set.of("SPEND_LIMITS", "COUNT_LIMIT", "3DS_PASSWORD", "WALLET_TOKENIZATION");
            flags.stream().filter(flag -> !known.contains(flag.strip())).findFirst().ifPresent(flag -> {
                throw new IllegalArgumentException("SVC_CARDS_PROGRAMS: unknown capability " + flag + " (known: " + known + ")");
            });
            parsed.put(currency, new CardCapabilities(flags.contains("SPEND_LIMITS"), flags.contains("COUNT_LIMIT"),
                    flags.contains("3DS_PASSWORD"), flags.contains("WALLET_TOKENIZATION")));
        }
        return Map.copyOf(parsed);
    }

    /** Whether cards can be issued in {@code currency} at all. */
    public boolean eligibleCurrency(String currency) {
        return byCurrency.containsKey(currency);
    }

    /** The capabilities of a card issued now on {@code account}; empty when it cannot fund a card. */
    public Optional<CardCapabilities> capabilities(InternalAccount account) {
        if (account.customerId == null || !FUNDING_TYPES.contains(account.type) || !account.canTransact()) {
            return Optional.empty();
        }
        return Optional.ofNullable(byCurrency.get(account.currency));
    }
}
