package payments.sca;

import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.Ids;
import payments.common.JsonBody;
import payments.common.ServerClock;
import payments.customer.Customer;
import payments.sca.ScaRecords.Factor;
import payments.sca.ScaRecords.ResetStart;
import payments.sca.ScaRecords.ResetStatus;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Recovering a lost factor: a reset opens a liveness check (5 a day per customer, then 429), is
 * polled until the check passes, and its completion removes the lost factor (TOTP, PASSKEY) so the
 * customer can enroll again, or, for SMS_OTP, sets the new mobile number. Each poll asks the
 * liveness provider ({@link ScaProvider#livenessPassed}; the sandbox's passes at the first poll);
 * production has no liveness provider for resets yet (501).
 */
@ApplicationScoped
public class FactorResets {

    static final int RESETS_PER_DAY = 5;
    static final Duration WINDOW = Duration.ofMinutes(30);
    private static final Pattern COUNTRY_CODE = Pattern.compile("^\\+[0-9]{1,4}$");
    private static final Pattern NATIONAL_NUMBER = Pattern.compile("^[0-9]{4,14}$");

    private final ServerClock clock;
    private final ScaProvider provider;

    public FactorResets(ServerClock clock, ScaProvider provider) {
        this.clock = clock;
        this.provider = provider;
    }

    @WithTransaction
    public Uni<ResetStart> start(String customerId, JsonBody<ScaRecords.FactorChoice> body) {
        String factor = ScaLogins.factor(body.orEmpty().factor()).name();
        if (!provider.checksLiveness()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No liveness provider checks factor resets in production mode yet");
        }
        Instant now = clock.now();
        return ScaCustomers.find(customerId).flatMap(customer -> FactorReset.count("customerId = ?1 and createdAt > ?2", customer.id,
                now.minus(Duration.ofDays(1))).flatMap(today -> {
                    if (today >= RESETS_PER_DAY) {
                        throw ApiException.rateLimited("At most " + RESETS_PER_DAY + " factor resets a day per customer", 3600);
                    }
                    FactorReset reset = new FactorReset();
                    reset.id = Ids.newUuid();
                    reset.customerId = customer.id;
                    reset.factor = factor;
                    FactorResetStatus.open(reset);
                    reset.createdAt = now;
                    reset.expiresAt = now.plus(WINDOW);
                    return reset.<FactorReset>persist();
                })).map(reset -> new ResetStart(reset.id.toString(), provider.startLivenessCheck(reset.id), null,
                        reset.expiresAt.toString()));
    }

    @WithTransaction
    public Uni<ResetStatus> status(String customerId, String resetId) {
        return find(customerId, resetId).flatMap(reset -> {
            Instant now = clock.now();
            if (FactorResetStatus.canMove(reset, FactorResetStatus.LIVENESS_PASSED, now) && provider.livenessPassed(reset.id)) {
                FactorResetStatus.move(reset, FactorResetStatus.LIVENESS_PASSED, now);
            }
            return enrollmentStatus(reset).map(enrollment -> new ResetStatus(FactorResetStatus.current(reset, now), reset.factor, enrollment,
                    reset.expiresAt.toString(), reset.completedAt == null ? null : reset.completedAt.toString()));
        });
    }

    @WithTransaction
    public Uni<Void> complete(String customerId, String resetId, JsonBody<ScaRecords.ResetCompleteRequest> body) {
        ScaRecords.ResetCompleteRequest request = body.orEmpty();
        return find(customerId, resetId).flatMap(reset -> {
            Instant now = clock.now();
            if (!FactorResetStatus.canMove(reset, FactorResetStatus.COMPLETED, now)) {
                throw new ApiException(ErrorCode.INVALID_INPUT, "The reset is " + FactorResetStatus.current(reset, now)
                        + ": it completes once its liveness check passed (poll GET /sca/factors/reset/{resetId})");
            }
            Uni<Void> cleared = Factor.SMS_OTP.name().equals(reset.factor)
                    ? Customer.<Customer>findById(reset.customerId).invoke(customer -> customer.phoneNumber = mobile(request)).replaceWithVoid()
                    : EnrolledFactor.delete("customerId = ?1 and factor = ?2", reset.customerId, reset.factor).replaceWithVoid();
            return cleared.invoke(() -> {
                FactorResetStatus.move(reset, FactorResetStatus.COMPLETED, now);
                reset.completedAt = now;
            });
        });
    }

    /** The replacement factor's enrollment: none for SMS (the number is the factor), PENDING until the customer enrolls again. */
    private static Uni<String> enrollmentStatus(FactorReset reset) {
        if (Factor.SMS_OTP.name().equals(reset.factor) || reset.completedAt == null) {
            return Uni.createFrom().item(Factor.SMS_OTP.name().equals(reset.factor) ? null : "PENDING");
        }
        return EnrolledFactor.count("customerId = ?1 and factor = ?2 and status = ?3 and createdAt > ?4", reset.customerId, reset.factor,
                EnrolledFactor.ACTIVE, reset.completedAt).map(enrolled -> enrolled > 0 ? "COMPLETED" : "PENDING");
    }

    private static String mobile(ScaRecords.ResetCompleteRequest request) {
        ScaRecords.Mobile mobile = request.mobile();
        String countryCode = mobile == null ? null : mobile.countryCode();
        String number = mobile == null ? null : mobile.number();
        if (countryCode == null || !COUNTRY_CODE.matcher(countryCode).matches() || number == null || !NATIONAL_NUMBER.matcher(number).matches()) {
            throw ApiException.invalidInput(List.of(
                    new FieldError("mobile.countryCode", FieldError.Constraint.pattern(COUNTRY_CODE.pattern()), "Is required for an SMS_OTP reset, e.g. +49"),
                    new FieldError("mobile.number", FieldError.Constraint.pattern(NATIONAL_NUMBER.pattern()),
                            "Is required for an SMS_OTP reset: the national number, digits only")));
        }
        return countryCode + number;
    }

    private static Uni<FactorReset> find(String customerId, String resetId) {
        UUID id;
        try {
            id = resetId == null || resetId.length() != 36 ? null : UUID.fromString(resetId);
        } catch (IllegalArgumentException e) {
            id = null;
        }
        UUID resetUuid = id;
        return ScaCustomers.find(customerId).flatMap(customer -> resetUuid == null ? Uni.createFrom().nullItem()
                : FactorReset.<FactorReset>findById(resetUuid).map(reset -> reset == null || !reset.customerId.equals(customer.id) ? null : reset))
                .map(reset -> {
                    if (reset == null) {
                        throw new ApiException(ErrorCode.SCA_RESET_NOT_FOUND, "Customer " + customerId + " has no factor reset " + resetId);
                    }
                    return reset;
                });
    }
}
