package payments.verification;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The wire's KycLinkResponse. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record KycLinkResponse(String kycUrl, String expiresAt, String provider, String token) implements payments.common.CarriesSecret {
}
