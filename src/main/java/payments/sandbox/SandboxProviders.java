package payments.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import payments.account.AccountOutcomes;
import payments.account.FundingAccounts;
import payments.account.FundingInstructions;
import payments.bankfile.AchRail;
import payments.bankfile.BankFileRail;
import payments.bankfile.CollectionAccount;
import payments.card.CardIssuer;
import payments.codes.CodeSender;
import payments.codes.ProductionCodeSender;
import payments.common.ServerConfig;
import payments.customer.IdentityVerdicts;
import payments.quote.UmaNetwork;
import payments.sca.ScaProvider;
import payments.stablecoin.StablecoinProvider;
import payments.transaction.RailRouter;
import payments.verification.DocumentScreening;
import payments.verification.PacketReviewer;
import payments.verification.VerificationsConfig;
import payments.wallet.WalletActivities;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The outside parties the server talks to, chosen by mode: in the sandbox, simulations answering
 * from {@link MagicValues}; in production, what is connected (today: nothing, each feature's
 * {@code NONE}, or the ISO 20022 file rail when configured). Production code sees only the interfaces.
 */
@ApplicationScoped
public class SandboxProviders {

    private static final String SANDBOX_RULES = "SANDBOX_RULES";
    private static final String OPERATOR_QUEUE = "OPERATOR_QUEUE";

    @Produces
    @Singleton
    IdentityVerdicts identityVerdicts(ServerConfig config) {
        return config.sandbox() ? new SimulatedIdentityVerdicts() : IdentityVerdicts.NONE;
    }

    /**
     * svc.verifications.reviewer: SANDBOX_RULES (the sandbox's default: the simulated provider's verdicts
     * decide at once) or OPERATOR_QUEUE (production's: the compliance staff decide). The sandbox's rules
     * stand for a provider production does not have: asked for in production, the server does not start.
     */
    @Produces
    @Singleton
    PacketReviewer packetReviewer(ServerConfig config, VerificationsConfig verifications, IdentityVerdicts verdicts) {
        String reviewer = verifications.reviewer().map(String::strip).orElse(config.sandbox() ? SANDBOX_RULES : OPERATOR_QUEUE);
        return switch (reviewer) {
            case OPERATOR_QUEUE -> PacketReviewer.OPERATOR_QUEUE;
            case SANDBOX_RULES -> {
                if (!config.sandbox()) {
                    throw new IllegalArgumentException("svc.verifications.reviewer=" + SANDBOX_RULES + " decides by the sandbox's magic"
                            + " values and exists only in the sandbox; production decides through " + OPERATOR_QUEUE);
                }
                yield new SandboxPacketReviewer(verdicts);
            }
            default -> throw new IllegalArgumentException("svc.verifications.reviewer is " + SANDBOX_RULES + " or " + OPERATOR_QUEUE
                    + ", not " + reviewer);
        };
    }

    @Produces
    @Singleton
    AccountOutcomes accountOutcomes(ServerConfig config) {
        return config.sandbox() ? new SimulatedAccountOutcomes() : AccountOutcomes.NONE;
    }

    @Produces
    @Singleton
    DocumentScreening documentScreening(ServerConfig config) {
        return config.sandbox() ? MagicValues::documentProblem : DocumentScreening.NONE;
    }

    @Produces
    @Singleton
    RailRouter.Implementations railImplementations(ServerConfig config, SandboxRail sandboxRail, BankFileRail bankFiles, AchRail ach) {
        if (config.sandbox()) {
            return new RailRouter.Implementations(List.of(sandboxRail));
        }
        List<payments.transaction.PaymentRail> configured = new java.util.ArrayList<>();
        if (bankFiles.configured()) {
            configured.add(bankFiles);
        }
        if (ach.configured()) {
            configured.add(ach);
        }
        return new RailRouter.Implementations(List.copyOf(configured));
    }

    /** Where money is sent to fund an account: the sandbox's derived virtual accounts, or the platform's bank account. */
    @Produces
    @Singleton
    FundingAccounts fundingAccounts(ServerConfig config, BankFileRail bankFiles, CollectionAccount collectionAccount) {
        if (config.sandbox()) {
            return FundingInstructions::forAccount;
        }
        return bankFiles.configured() ? collectionAccount : FundingAccounts.NONE;
    }

    @Produces
    @Singleton
    UmaNetwork umaNetwork(ServerConfig config) {
        return config.sandbox() ? new SandboxUmaDirectory() : UmaNetwork.NONE;
    }

    @Produces
    @Singleton
    StablecoinProvider stablecoinProvider(ServerConfig config) {
        return config.sandbox() ? new SimulatedStablecoinProvider() : StablecoinProvider.NONE;
    }

    @Produces
    @Singleton
    CardIssuer cardIssuer(ServerConfig config) {
        return config.sandbox() ? new SimulatedCardIssuer() : CardIssuer.NONE;
    }

    /**
     * The sandbox sends no e-mail or SMS: its codes are fixed (000000 for wallet sign-ins, 123456 for
     * contact verification). Production sends random codes by e-mail when a sender is configured,
     * phone verification codes through the platform when svc.sms.via-webhook is set, never a wallet's
     * SMS_OTP code.
     */
    @Produces
    @Singleton
    CodeSender codeSender(ServerConfig config, ProductionCodeSender production) {
        return config.sandbox() ? SandboxCodes.SENDER : production;
    }

    /** The sandbox answers SCA's SMS challenges and accepts 123456 for any code factor; production sends no SCA codes yet. */
    @Produces
    @Singleton
    ScaProvider scaProvider(ServerConfig config) {
        return config.sandbox() ? SandboxCodes.SCA : ScaProvider.NONE;
    }

    /** Wallet activities settle at once, except for a holder whose platformCustomerId ends 951: two seconds on the server clock. */
    @Produces
    @Singleton
    WalletActivities walletActivities(ServerConfig config) {
        return config.sandbox() ? SandboxProviders::walletSettlement : WalletActivities.NONE;
    }

    private static io.smallrye.mutiny.Uni<java.time.Duration> walletSettlement(UUID accountId) {
        return payments.account.InternalAccount.<payments.account.InternalAccount>findById(accountId)
                .flatMap(account -> account == null || account.customerId == null ? io.smallrye.mutiny.Uni.createFrom().nullItem()
                        : payments.customer.Customer.<payments.customer.Customer>findById(account.customerId))
                .map(holder -> holder == null ? java.time.Duration.ZERO : MagicValues.walletActivitySettlement(holder.platformCustomerId));
    }

    /** The sandbox issuer: outcomes by magic suffixes; a 3-D Secure password is accepted and dropped. */
    static final class SimulatedCardIssuer implements CardIssuer {
        @Override
        public boolean available() {
            return true;
        }

        @Override
        public Provisioning provisioning(String platformCustomerId) {
            return MagicValues.cardProvisioning(platformCustomerId);
        }

        @Override
        public boolean refusesFunding(UUID accountId) {
            return MagicValues.cardFundingRefused(accountId.toString());
        }

        @Override
        public boolean declinesUnderfunded() {
            return true;
        }

        @Override
        public void setThreeDSecurePassword(UUID cardId, String password) {
            // Forwarded to a simulated issuer: nothing to keep.
        }
    }

    /** KYC and KYB verdicts by the magic suffixes of names and registration numbers. */
    static final class SimulatedIdentityVerdicts implements IdentityVerdicts {
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

        @Override
        public boolean decidesWithoutPaperwork() {
            return true;
        }

        @Override
        public boolean hostsVerificationPages() {
            return true;
        }
    }

    /**
     * Beneficiary-name checks (1xx suffixes), provisioning failures (platformCustomerId ending 909),
     * a simulated liveness page, and {@code sandbox-valid-signature} for any wallet.
     */
    static final class SimulatedAccountOutcomes implements AccountOutcomes {
        @Override
        public Optional<String> beneficiaryVerification(String identifier) {
            return MagicValues.beneficiaryVerification(identifier);
        }

        @Override
        public boolean provisioningFails(String platformCustomerId) {
            return MagicValues.provisioningFails(platformCustomerId);
        }

        @Override
        public boolean reservedId(UUID id) {
            return MagicValues.cardFundingRefused(id.toString());
        }

        @Override
        public boolean livenessAvailable() {
            return true;
        }

        @Override
        public Optional<String> signatureForAnyWallet() {
            return Optional.of(MagicValues.OWNERSHIP_SIGNATURE);
        }
    }
}
