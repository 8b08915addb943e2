package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.CodeLimits;
import payments.common.CodeMailer;
import payments.common.OneTimeCodes;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.common.security.SecretsAtRest;
import payments.webhook.SmsByWebhook;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Email and phone verification of customers whose provider requires it (EU regions): a one-time
 * code is sent, then confirmed. The sandbox sends nothing and its code is always 123456;
 * production e-mails a random code ({@link CodeMailer}), kept only as a keyed MAC. Phones' codes go
 * to the platform to text ({@link SmsByWebhook}) when configured, else 501. Both modes hold each
 * channel to {@link #LIMITS}, from the send and failure times kept in the contact state.
 */
@ApplicationScoped
public class ContactVerificationService {

    public static final String SANDBOX_CODE = "123456";
    static final Duration CODE_LIFETIME = Duration.ofMinutes(10);
    /**
     * The wallet codes' default limits, fixed: {@code customer} cannot read the wallet's settings
     * ({@code wallet} depends on {@code customer}).
     */
    static final CodeLimits LIMITS = CodeLimits.DEFAULT;

    /** A contact channel: its key in contactVerification and the customer field it verifies. */
    public enum Channel {
        EMAIL("email", "email"),
        PHONE("phone", "phone number");

        private final String key;
        private final String noun;

        Channel(String key, String noun) {
            this.key = key;
            this.noun = noun;
        }

        String codeExpiryKey() {
            return key + "CodeExpiresAt";
        }

        String codeMacKey() {
            return key + "CodeMac";
        }

        String attemptsKey() {
            return key + "CodeAttempts";
        }

        /** When codes were sent, within {@link CodeLimits#SEND_WINDOW}. */
        String sentKey() {
            return key + "CodeSentAt";
        }

        /** When wrong codes were entered, within {@link CodeLimits#FAILURE_WINDOW}. */
        String failedKey() {
            return key + "CodeFailedAt";
        }
    }

    private final CustomerView view;
    private final JsonText json;
    private final ServerClock clock;
    private final ServerConfig config;
    private final CodeMailer mailer;
    private final SmsByWebhook sms;
    private final OneTimeCodes codes;
    private final SecretsAtRest secrets;

    public ContactVerificationService(CustomerView view, JsonText json, ServerClock clock, ServerConfig config, CodeMailer mailer,
                                      SecretsAtRest secrets, SmsByWebhook sms, OneTimeCodes codes) {
        this.mailer = mailer;
        this.sms = sms;
        this.codes = codes;
        this.secrets = secrets;
        this.view = view;
        this.json = json;
        this.clock = clock;
        this.config = config;
    }

    @WithTransaction
    public Uni<Void> sendCode(String customerId, Channel channel) {
        boolean sent = !config.sandbox() && (channel == Channel.EMAIL ? mailer.configured() : sms.configured());
        if (!config.sandbox() && !sent) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, channel == Channel.EMAIL
                    ? "No email sender is configured on this server (svc.mail.from), so verification codes cannot be sent"
                    : "No SMS sender is configured on this server (svc.sms.via-webhook), so phone verification codes cannot be sent");
        }
        return CustomerService.findForChange(customerId).flatMap(customer -> {
            ObjectNode state = pendingState(customer, channel);
            Instant now = clock.now();
            List<Instant> recentSends = within(state, channel.sentKey(), CodeLimits.SEND_WINDOW, now);
            LIMITS.checkSend("The " + channel.noun + " of customer " + customer.wireId(), recentSends.size(),
                    within(state, channel.failedKey(), CodeLimits.FAILURE_WINDOW, now).size());
            keep(state, channel.sentKey(), recentSends, now, LIMITS.sendsPerWindow());
            Instant expiresAt = now.plus(CODE_LIFETIME);
            state.put(channel.codeExpiryKey(), expiresAt.toString());
            state.remove(channel.attemptsKey());
            if (!sent) {
                customer.contactVerification = json.write(state);
                return Uni.createFrom().voidItem();
            }
            String code = codes.next();
            state.put(channel.codeMacKey(), secrets.mac(codeName(customer, channel), code));
            customer.contactVerification = json.write(state);
            String purpose = "It confirms this " + channel.noun + " and expires in " + CODE_LIFETIME.toMinutes() + " minutes.";
            return channel == Channel.EMAIL
                    ? mailer.send(customer.email, "Verify your email address", code, purpose)
                    : sms.send(customer.phoneNumber, code, "PHONE_VERIFICATION", purpose, expiresAt);
        });
    }

    private static String codeName(Customer customer, Channel channel) {
        return "contact-code:" + customer.id + ":" + channel.key;
    }

    /** The customer as confirmed, or the refusal to answer once the transaction (which counts a wrong code) commits. */
    private record Confirmation(ObjectNode customer, ApiException refusal) {
    }

    public Uni<ObjectNode> confirm(String customerId, Channel channel, JsonNode body) {
        JsonNode code = body == null ? null : body.get("code");
        if (code == null || !code.isTextual() || code.asText().isBlank()) {
            throw ApiException.invalidInput(List.of(FieldError.of("code", "Is required: the code the customer received")));
        }
        return Panache.withTransaction(() -> check(customerId, channel, code.asText())).map(confirmation -> {
            if (confirmation.refusal() != null) {
                throw confirmation.refusal();
            }
            return confirmation.customer();
        });
    }

    private Uni<Confirmation> check(String customerId, Channel channel, String code) {
        return CustomerService.findForChange(customerId).map(customer -> {
            ObjectNode state = pendingState(customer, channel);
            Instant now = clock.now();
            String expiry = state.path(channel.codeExpiryKey()).asText(null);
            if (expiry == null || Instant.parse(expiry).isBefore(now)) {
                throw ApiException.invalidField("code", null, "No valid code was sent for this " + channel.noun
                        + "; request one with POST /customers/{customerId}/verify-" + channel.key);
            }
            String mac = state.path(channel.codeMacKey()).asText(null);
            boolean right = mac == null ? SANDBOX_CODE.equals(code)
                    : MessageDigest.isEqual(mac.getBytes(StandardCharsets.US_ASCII),
                    secrets.mac(codeName(customer, channel), code).getBytes(StandardCharsets.US_ASCII));
            if (!right) {
                int attempts = state.path(channel.attemptsKey()).asInt(0) + 1;
                state.put(channel.attemptsKey(), attempts);
                keep(state, channel.failedKey(), within(state, channel.failedKey(), CodeLimits.FAILURE_WINDOW, now), now,
                        LIMITS.failuresPerDay());
                boolean spent = LIMITS.spent(attempts);
                if (spent) {
                    state.remove(channel.codeExpiryKey());
                    state.remove(channel.codeMacKey());
                }
                customer.contactVerification = json.write(state);
                return new Confirmation(null, ApiException.invalidField("code", null, spent
                        ? "The code is wrong, and it is spent: request a new one with POST /customers/{customerId}/verify-" + channel.key
                        : "The code is wrong"));
            }
            state.put(channel.key, "VERIFIED");
            state.remove(channel.codeExpiryKey());
            state.remove(channel.codeMacKey());
            state.remove(channel.attemptsKey());
            customer.contactVerification = json.write(state);
            customer.updatedAt = now;
            return new Confirmation(view.toWire(customer), null);
        });
    }

    /** The times under {@code key} less than {@code window} before {@code now}, oldest first. */
    private static List<Instant> within(ObjectNode state, String key, Duration window, Instant now) {
        Instant since = now.minus(window);
        List<Instant> times = new ArrayList<>();
        for (JsonNode time : state.path(key)) {
            Instant at = Instant.parse(time.asText());
            if (at.isAfter(since)) {
                times.add(at);
            }
        }
        return times;
    }

    /**
     * Stores {@code times} and then {@code now} under {@code key}, only the newest {@code limit} of
     * them: a limit refuses at {@code limit} times within its window, which the newest alone show.
     */
    private static void keep(ObjectNode state, String key, List<Instant> times, Instant now, int limit) {
        List<Instant> all = new ArrayList<>(times);
        all.add(now);
        ArrayNode kept = state.putArray(key);
        all.subList(Math.max(0, all.size() - limit), all.size()).forEach(at -> kept.add(at.toString()));
    }

    /** The customer's contact state, when the channel still awaits verification; 409 otherwise. */
    private ObjectNode pendingState(Customer customer, Channel channel) {
        if (customer.contactVerification == null) {
            throw new ApiException(ErrorCode.CONFLICT, "Customer " + customer.wireId()
                    + " does not need contact verification (only customers in regions that require it do)");
        }
        ObjectNode state = (ObjectNode) json.read(customer.contactVerification);
        if ("VERIFIED".equals(state.path(channel.key).asText())) {
            throw new ApiException(ErrorCode.CONFLICT, "The " + channel.noun + " of customer " + customer.wireId()
                    + " is already verified");
        }
        return state;
    }

    /** Both email and phone verified, or no verification required. */
    public static boolean contactsVerified(JsonNode state) {
        return state == null || "VERIFIED".equals(state.path("email").asText()) && "VERIFIED".equals(state.path("phone").asText());
    }
}
