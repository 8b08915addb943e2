package payments.quote;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccountService;
import payments.common.ApiException;
import payments.common.Currencies;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonBody;
import payments.common.schema.JsonSchema;
import payments.common.schema.RequestSchemas;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;

/**
 * POST /crypto/estimate-withdrawal-fee: what sending crypto from an internal account to an address
 * costs. The sandbox uses a fixed fee per network (in the network's fee asset, with its US dollar
 * value); the fee in the withdrawal currency is that value at the rate table, rounded up. This
 * server charges no application fee.
 */
@ApplicationScoped
public class WithdrawalFeeService {

    /** A network's fee: the raw amount in its fee asset's smallest unit and what that costs in US dollars. */
    record NetworkFee(String asset, long amount, BigDecimal usd) {
    }

    static final Map<String, NetworkFee> NETWORKS = Map.of(
            "SOLANA", new NetworkFee("SOL", 5_000, new BigDecimal("0.00075")),
            "BITCOIN", new NetworkFee("BTC", 2_000, new BigDecimal("2.00")),
            "LIGHTNING", new NetworkFee("BTC", 10, new BigDecimal("0.01")),
            "SPARK", new NetworkFee("BTC", 0, BigDecimal.ZERO),
            "ETHEREUM", new NetworkFee("ETH", 200_000_000_000_000L, new BigDecimal("0.60")),
            "BASE", new NetworkFee("ETH", 2_000_000_000_000L, new BigDecimal("0.006")),
            "POLYGON", new NetworkFee("POL", 10_000_000_000_000_000L, new BigDecimal("0.005")),
            "TRON", new NetworkFee("TRX", 1_000_000, new BigDecimal("0.10")));

    public record WithdrawalFeeEstimate(long networkFee, String networkFeeAsset, long applicationFee, long totalFee,
                                        long netAmount) {
    }

    private final JsonSchema schema;
    private final InternalAccountService accounts;
    private final ExchangeRates rates;

    public WithdrawalFeeService(RequestSchemas schemas, InternalAccountService accounts, ExchangeRates rates) {
        this.schema = schemas.get("estimateWithdrawalFee");
        this.accounts = accounts;
        this.rates = rates;
    }

    /** The body of POST /crypto/estimate-withdrawal-fee (EstimateWithdrawalFeeRequest). */
    public record WithdrawalFeeRequest(String internalAccountId, String currency, String cryptoNetwork, Long amount,
                                       String destinationAddress) {
    }

    @WithSession
    public Uni<WithdrawalFeeEstimate> estimate(JsonBody<WithdrawalFeeRequest> body) {
        WithdrawalFeeRequest request = body.checked(schema).valid((valid, errors) -> {
            if (valid.amount() != null && valid.amount() < 1) {
                errors.add(FieldError.of("amount", "Must be at least 1"));
            }
            if (valid.cryptoNetwork() != null && !NETWORKS.containsKey(valid.cryptoNetwork())) {
                errors.add(new FieldError("cryptoNetwork", FieldError.Constraint.oneOf(NETWORKS.keySet().stream().sorted().toList()),
                        "Not a network this server withdraws on"));
            }
            if (valid.destinationAddress() != null && valid.destinationAddress().isBlank()) {
                errors.add(FieldError.of("destinationAddress", "Must not be blank"));
            }
        });
        String currency = request.currency();
        long amount = request.amount();
        NetworkFee network = NETWORKS.get(request.cryptoNetwork());
        return accounts.find(request.internalAccountId(), false).map(account -> {
            if (!account.currency.equals(currency) || !Currencies.isCrypto(currency)) {
                throw ApiException.invalidInput(List.of(FieldError.of("currency",
                        "The account holds " + account.currency + "; withdrawals are of its own crypto currency")));
            }
            BigDecimal usdPerUnit = rates.rate(currency, "USD").orElseThrow(() ->
                    new ApiException(ErrorCode.INVALID_CURRENCY, "No rate for " + currency));
            long totalFee = network.usd().divide(usdPerUnit, 18, RoundingMode.UP)
                    .movePointRight(Currencies.require(currency).decimals()).setScale(0, RoundingMode.UP).longValueExact();
            if (totalFee >= amount) {
                throw new ApiException(ErrorCode.INVALID_AMOUNT, "The network fee (" + totalFee + ") takes the whole amount");
            }
            return new WithdrawalFeeEstimate(network.amount(), network.asset(), 0, totalFee, amount - totalFee);
        });
    }
}
