package payments.quote;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.ExternalAccountService;
import payments.common.ApiException;
import payments.common.Currencies;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.transaction.LimitsConfig;
import payments.customer.Customer;
import payments.customer.CustomerService;
import payments.transaction.TransactionView;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Receiver lookups: what a receiver (an external account or a UMA address) accepts, at which
 * estimated rate from the sender's currency, and which payer data it needs. The answer is kept
 * as a lookup that a quote names by its lookupId; the quote then has to carry that payer data in
 * senderCustomerInfo.
 */
@ApplicationScoped
public class ReceiverService {

    static final Duration LOOKUP_LIFETIME = Duration.ofMinutes(15);
    public static final ErrorCode LOOKUP_NOT_FOUND = ErrorCode.LOOKUP_REQUEST_NOT_FOUND;

    public record FieldDefinition(String name, boolean mandatory) {
    }

    public record CurrencyPreference(Currencies.Currency currency, BigDecimal estimatedExchangeRate, long min, long max) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LookupResponse(String receiverUmaAddress, String accountId, List<CurrencyPreference> supportedCurrencies,
                                 List<FieldDefinition> requiredPayerDataFields, String lookupId) {
    }

    private final ExternalAccountService externalAccounts;
    private final ExchangeRates rates;
    private final JsonText json;
    private final ServerClock clock;
    private final LimitsConfig config;
    private final UmaNetwork network;

    public ReceiverService(ExternalAccountService externalAccounts, ExchangeRates rates, JsonText json, ServerClock clock,
                           LimitsConfig config, UmaNetwork network) {
        this.network = network;
        this.externalAccounts = externalAccounts;
        this.rates = rates;
        this.json = json;
        this.clock = clock;
        this.config = config;
    }

    @WithTransaction
    public Uni<LookupResponse> lookupUma(String address, String senderUmaAddress, String customerId) {
        if (!UmaNetwork.wellFormed(address)) {
            throw new ApiException(ErrorCode.INVALID_UMA_ADDRESS, "Not a UMA address ($user@domain): " + address);
        }
        if (!network.connected()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "This server is not connected to a UMA network in production mode");
        }
        network.lookupFailure(address).ifPresent(failure -> {
            throw new ApiException(failure, "The lookup of " + address + " failed: " + failure.meaning());
        });
        UmaNetwork.UmaReceiver receiver = network.find(address).orElseThrow(() ->
                new ApiException(ErrorCode.UMA_NOT_FOUND, "No receiver at " + address));
        // UMA counterparties ask for the sender's name; nationality helps their screening.
        List<FieldDefinition> required = List.of(new FieldDefinition("FULL_NAME", true), new FieldDefinition("NATIONALITY", false));
        return sender(senderUmaAddress, customerId).flatMap(sender -> save(address, sender, required)
                .map(lookup -> new LookupResponse(address, null, preferences(sender.homeCurrency(), receiver.currencies()),
                        required, lookup.wireId())));
    }

    @WithTransaction
    public Uni<LookupResponse> lookupExternalAccount(String accountId, String senderUmaAddress, String customerId) {
        return externalAccounts.findAnyHolder(accountId).flatMap(account -> sender(senderUmaAddress, customerId)
                .flatMap(sender -> {
                    String sending = sender.homeCurrency();
                    // Crossing a currency border, the payout partner needs to know who pays.
                    List<FieldDefinition> required = sending.equals(account.currency) ? List.of()
                            : List.of(new FieldDefinition("FULL_NAME", true));
                    return save(accountId, sender, required).map(lookup -> new LookupResponse(null, accountId,
                            preferences(sending, List.of(account.currency)), required, lookup.wireId()));
                }));
    }

    /** The sender: a customer by id, or by the UMA address the platform gave it; one of the two is required. */
    private Uni<Customer> sender(String senderUmaAddress, String customerId) {
        if (customerId != null) {
            if (!Ids.isValid(IdType.CUSTOMER, customerId)) {
                throw ApiException.invalidField("customerId", null, "Must be a Customer id");
            }
            return CustomerService.find(customerId, false);
        }
        if (senderUmaAddress == null) {
            throw ApiException.invalidInput(List.of(FieldError.of("customerId", "Give customerId or senderUmaAddress"),
                    FieldError.of("senderUmaAddress", "Give customerId or senderUmaAddress")));
        }
        return Customer.<Customer>find("umaAddress", senderUmaAddress).firstResult().map(customer -> {
            if (customer == null) {
                throw new ApiException(CustomerService.NOT_FOUND, "No customer has the UMA address " + senderUmaAddress);
            }
            return customer;
        });
    }

    private List<CurrencyPreference> preferences(String sending, List<String> currencies) {
        List<CurrencyPreference> preferences = new ArrayList<>();
        for (String code : currencies) {
            rates.rate(sending, code).ifPresent(rate -> {
                Long max = config.transactionMax().get(code);
                preferences.add(new CurrencyPreference(Currencies.require(code),
                        TransactionView.plain(BigDecimal.ONE.divide(rate, new java.math.MathContext(12))), 1,
                        max == null ? QuoteMath.MAX_AMOUNT : max));
            });
        }
        return preferences;
    }

    private Uni<ReceiverLookup> save(String receiver, Customer sender, List<FieldDefinition> required) {
        ReceiverLookup lookup = new ReceiverLookup();
        lookup.id = Ids.newUuid();
        lookup.receiver = receiver;
        lookup.customerId = sender.id;
        lookup.requiredFields = json.write(required);
        lookup.createdAt = clock.now();
        lookup.expiresAt = lookup.createdAt.plus(LOOKUP_LIFETIME);
        return lookup.persist();
    }

    /**
     * Checks a quote against its lookup: the lookup exists, is current, names this receiver, and
     * senderCustomerInfo carries every mandatory field it asked for (else MISSING_MANDATORY_USER_INFO).
     */
    Uni<Void> checkLookup(String lookupId, String receiver, Map<String, JsonNode> senderCustomerInfo) {
        if (!Ids.isValid(IdType.LOOKUP, lookupId)) {
            throw ApiException.invalidField("lookupId", null, "Not a lookup id returned by a receiver lookup");
        }
        return ReceiverLookup.<ReceiverLookup>findById(Ids.uuidOf(IdType.LOOKUP, lookupId, LOOKUP_NOT_FOUND)).map(lookup -> {
            if (lookup == null || !clock.now().isBefore(lookup.expiresAt)) {
                throw ApiException.invalidField("lookupId", null, "Unknown or expired lookup; look the receiver up again");
            }
            if (!lookup.receiver.equals(receiver)) {
                throw ApiException.invalidField("lookupId", null, "The lookup was for another receiver (" + lookup.receiver + ")");
            }
            List<FieldError> missing = new ArrayList<>();
            for (JsonNode field : json.read(lookup.requiredFields)) {
                String name = field.get("name").asText();
                JsonNode value = senderCustomerInfo == null ? null : senderCustomerInfo.get(name);
                if (field.get("mandatory").asBoolean() && (value == null || value.isNull() || value.asText().isBlank())) {
                    missing.add(FieldError.of("senderCustomerInfo." + name, "Required by the receiver"));
                }
            }
            if (!missing.isEmpty()) {
                throw new ApiException(ErrorCode.MISSING_MANDATORY_USER_INFO, "The receiver needs more information about the sender", Map.of("errors", missing));
            }
            return null;
        });
    }
}
