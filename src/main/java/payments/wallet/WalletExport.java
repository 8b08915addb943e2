package payments.wallet;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccount;
import payments.account.InternalAccountService;
import payments.common.ApiException;
import payments.common.FieldError;
import payments.common.JsonBody;
import payments.common.ServerClock;
import payments.common.security.SecretsAtRest;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;

/**
 * POST /internal-accounts/{id}/export: the wallet's mnemonic, HPKE-sealed to a fresh uncompressed
 * client key and wrapped in a signed bundle, through the signed retry. The mnemonic is made at the
 * first export and is the same on every later one.
 */
@ApplicationScoped
public class WalletExport {

    static final String OPERATION = "EXPORT_WALLET";

    private final InternalAccountService accounts;
    private final SignedRetries retries;
    private final WalletEnclave enclave;
    private final SecretsAtRest secrets;
    private final WalletAudit audit;
    private final ServerClock clock;

    public WalletExport(InternalAccountService accounts, SignedRetries retries, WalletEnclave enclave, SecretsAtRest secrets,
                        WalletAudit audit, ServerClock clock) {
        this.accounts = accounts;
        this.retries = retries;
        this.enclave = enclave;
        this.secrets = secrets;
        this.audit = audit;
        this.clock = clock;
    }

    private static boolean isFreshKey(String key) {
        return key != null && key.matches(P256.UNCOMPRESSED_PATTERN) && P256.isValidKey(key);
    }

    /** The 200 body. */
    public record Exported(String id, String encryptedWalletCredentials) {
    }

    /** A 202 challenge (first call) or the export (signed retry). */
    public Uni<Object> export(String accountId, JsonBody<ClientKeyRequest> body, SignedRetries.Headers headers) {
        FieldError invalidKey = new FieldError("clientPublicKey", FieldError.Constraint.pattern(P256.UNCOMPRESSED_PATTERN),
                "Must be a fresh P-256 key, uncompressed SEC1 hex (130 characters starting 04)");
        String clientPublicKey = body.bound().valid(invalidKey, request -> request != null && isFreshKey(request.clientPublicKey()))
                .clientPublicKey();
        return Panache.withTransaction(() -> accounts.find(accountId, false).flatMap(wallet -> {
            if (!InternalAccount.EMBEDDED_WALLET.equals(wallet.type)) {
                throw ApiException.invalidField("id", null, "Internal account " + accountId + " is " + wallet.type
                        + "; only EMBEDDED_WALLET accounts can be exported");
            }
            SignedRetries.Ask ask = SignedRetries.Ask.of(wallet.id, OPERATION, wallet.id, body.tree());
            if (headers.firstCall()) {
                String payload = enclave.activity("ACTIVITY_TYPE_EXPORT_WALLET", Map.of("walletId", AuthCredentials.userId(wallet.id),
                        "targetPublicKey", clientPublicKey), clock.now());
                return retries.issue(ask, payload, null, null).map(challenge -> (Object) challenge);
            }
            return retries.consume(ask, headers)
                    .flatMap(signed -> mnemonic(wallet)
                            .call(() -> audit.record(wallet.id, WalletAudit.WALLET_EXPORTED, wallet.id, signed.session())))
                    .map(mnemonic -> (Object) new Exported(wallet.wireId(), seal(mnemonic, clientPublicKey)));
        }));
    }

    private Uni<String> mnemonic(InternalAccount wallet) {
        String name = "wallet-mnemonic:" + wallet.id;
        Instant now = clock.now();
        // Two first exports at once: the first insert wins, both read it.
        return Panache.getSession().flatMap(session -> session.createNativeQuery(
                                "INSERT INTO wallet_secrets (account_id, mnemonic, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (account_id) DO NOTHING")
                        .setParameter(1, wallet.id).setParameter(2, secrets.seal(name, Mnemonics.generate())).setParameter(3, now)
                        .executeUpdate()
                        .flatMap(inserted -> session.createNativeQuery("SELECT mnemonic FROM wallet_secrets WHERE account_id = ?1", String.class)
                                .setParameter(1, wallet.id).getSingleResult()))
                .map(sealed -> secrets.open(name, sealed));
    }

    /** The export bundle: data = {encappedPublic, ciphertext, organizationId} (hex of UTF-8 JSON), signed by the enclave key. */
    private String seal(String mnemonic, String clientPublicKey) {
        Hpke.Sealed sealed = Hpke.seal(HexFormat.of().parseHex(clientPublicKey), mnemonic.getBytes(StandardCharsets.UTF_8));
        return enclave.bundle(Map.of("encappedPublic", HexFormat.of().formatHex(sealed.encapsulatedKey()),
                "ciphertext", HexFormat.of().formatHex(sealed.ciphertext()), "organizationId", enclave.organizationId()));
    }
}
