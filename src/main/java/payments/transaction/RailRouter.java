package payments.transaction;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.ExternalAccount;
import payments.account.PaymentRails;
import payments.account.PayoutRoutes;
import payments.common.SettingsCheck;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The way to a rail for every payment: quoting, execution and the lifecycle ask it for the
 * implementation that carries a payment's rail ({@link RailRoutes}), so a rail no implementation
 * carries is refused when quoting, before anything is held. Routes that name an unknown rail or
 * implementation stop the start (a {@link SettingsCheck}).
 */
@ApplicationScoped
public class RailRouter implements SettingsCheck, PayoutRoutes {

    private final Map<String, PaymentRail> implementations = new LinkedHashMap<>();
    private final RailRoutes routes;
    private final List<String> problems;
    private final payments.common.JsonText json;

    public RailRouter(Implementations available, RailsConfig config, payments.common.JsonText json) {
        this.json = json;
        available.rails().forEach(rail -> implementations.put(rail.name(), rail));
        RailRoutes parsed;
        List<String> found;
        try {
            parsed = RailRoutes.parse(config.routes(), PaymentRails.all(), List.copyOf(implementations.keySet()));
            found = List.of();
        } catch (IllegalArgumentException badRoutes) {
            // Routing nothing until StartupSettings, asking first, stops the start with the others' problems.
            parsed = RailRoutes.parse(java.util.Optional.empty(), java.util.Set.of(), List.of());
            found = List.of(badRoutes.getMessage());
        }
        this.routes = parsed;
        this.problems = found;
    }

    @Override
    public List<String> problems() {
        return problems;
    }

    /** The rail implementations this server runs (chosen by mode in one place: sandbox.SandboxProviders). */
    public record Implementations(List<PaymentRail> rails) {
    }

    /** The implementation that carries payments over {@code paymentRail} (null: a payment without one); {@link PaymentRail#NONE} when none does. */
    public PaymentRail route(String paymentRail) {
        return implementations.getOrDefault(routes.implementationFor(paymentRail), PaymentRail.NONE);
    }

    @Override
    public boolean paysOutTo(ExternalAccount account) {
        String rail = PaymentRails.resolved(null, account.accountType, json.read(account.accountInfo));
        return route(rail).carries(PaymentRail.Leg.PAYOUT);
    }

    /** Whether this server runs any rail implementation at all. */
    public boolean connected() {
        return !implementations.isEmpty();
    }

    /**
     * Takes back a payment from whichever implementation holds it (a cancellation or a failure, in
     * the caller's transaction): true when every implementation gave it back or never held it.
     */
    public Uni<Boolean> withdraw(UUID transactionId) {
        return Multi.createFrom().iterable(implementations.values())
                .onItem().transformToUniAndConcatenate(rail -> rail.withdraw(transactionId))
                .collect().asList()
                .map(answers -> answers.stream().allMatch(Boolean::booleanValue));
    }
}
