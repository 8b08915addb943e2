package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.common.ServerClock;
import payments.common.WalletOwnerConsent;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** {@link WalletOwnerConsent} by the signed retry: any active session of the wallet signs. */
@ApplicationScoped
public class OwnerConsents implements WalletOwnerConsent {

    private final SignedRetries retries;
    private final WalletEnclave enclave;
    private final ServerClock clock;

    public OwnerConsents(SignedRetries retries, WalletEnclave enclave, ServerClock clock) {
        this.retries = retries;
        this.enclave = enclave;
        this.clock = clock;
    }

    @Override
    public Uni<Optional<Object>> require(UUID walletId, String operation, Object body, String activity, Map<String, Object> parameters,
                                         Signature signature) {
        SignedRetries.Ask ask = SignedRetries.Ask.of(walletId, operation, walletId, body);
        SignedRetries.Headers headers = new SignedRetries.Headers(signature.stamp(), signature.requestId());
        if (headers.firstCall()) {
            Map<String, Object> withUser = new java.util.HashMap<>(parameters);
            withUser.put("userId", AuthCredentials.userId(walletId));
            return retries.issue(ask, enclave.activity(activity, withUser, clock.now()), null, null).map(Optional::of);
        }
        return retries.consume(ask, headers).map(signed -> Optional.empty());
    }

    @Override
    public Uni<List<UUID>> walletsTiedTo(UUID customerId, String credentialType) {
        return InternalAccount.<InternalAccount>find("customerId = ?1 and type = ?2 order by createdAt, id", customerId,
                        InternalAccount.EMBEDDED_WALLET).list()
                .flatMap(wallets -> wallets.isEmpty() ? Uni.createFrom().item(List.<UUID>of())
                        : AuthCredential.<AuthCredential>list("accountId in ?1 and type = ?2 and deletedAt is null",
                                wallets.stream().map(w -> w.id).toList(), credentialType)
                        .map(credentials -> wallets.stream().map(w -> w.id)
                                .filter(id -> credentials.stream().anyMatch(c -> c.accountId.equals(id))).toList()));
    }

    @Override
    public Uni<Void> contactChanged(UUID customerId, String credentialType, String value) {
        return walletsTiedTo(customerId, credentialType).flatMap(wallets -> wallets.isEmpty() ? Uni.createFrom().voidItem()
                : AuthCredential.update("nickname = ?1, updatedAt = ?2 where accountId in ?3 and type = ?4 and deletedAt is null",
                value, clock.now(), wallets, credentialType).replaceWithVoid());
    }
}
