package payments.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import payments.account.AccountOutcomes;
import payments.common.ServerConfig;
import payments.customer.IdentityVerdicts;
import payments.transaction.PaymentRail;
import payments.transaction.RailOutcome;

import java.util.Optional;

/**
 * The outside parties the server talks to, chosen by mode: in the sandbox, simulations answering
 * from {@link MagicValues}; in production, what is connected (today: nothing, each feature's
 * {@code NONE}). Production code sees only the interfaces.
 */
@ApplicationScoped
public class SandboxProviders {

    @Produces
    @Singleton
    IdentityVerdicts identityVerdicts(ServerConfig config) {
        return config.sandbox() ? new IdentityVerdicts() {
            @Override
            public String individual(String fullName) {
                return MagicValues.kycOutcome(fullName);
            }

            @Override
            public String business(String registrationNumber) {
                return MagicValues.kybOutcome(registrationNumber);
            }

            @Override
            public String beneficialOwner(String lastName) {
                return MagicValues.beneficialOwnerOutcome(lastName);
            }
        } : IdentityVerdicts.NONE;
    }

    @Produces
    @Singleton
    AccountOutcomes accountOutcomes(ServerConfig config) {
        return config.sandbox() ? new AccountOutcomes() {
            @Override
            public Optional<String> beneficiaryVerification(String identifier) {
                return MagicValues.beneficiaryVerification(identifier);
            }

            @Override
            public boolean provisioningFails(String platformCustomerId) {
                return MagicValues.provisioningFails(platformCustomerId);
            }
        } : AccountOutcomes.NONE;
    }

    @Produces
    @Singleton
    PaymentRail paymentRail(ServerConfig config) {
        return config.sandbox() ? new PaymentRail() {
            @Override
            public RailOutcome payout(String identifier, boolean sameCurrency) {
                String suffix = MagicValues.suffix(identifier);
                return sameCurrency ? RailOutcome.forTransfer(suffix) : RailOutcome.forQuote(suffix);
            }

            @Override
            public RailOutcome pull(String identifier) {
                return RailOutcome.forTransfer(MagicValues.suffix(identifier));
            }
        } : PaymentRail.NONE;
    }
}
