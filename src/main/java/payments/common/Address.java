package payments.common;

import com.fasterxml.jackson.annotation.JsonInclude;

/** The reference's Address, as a request carries it (customers, beneficial owners): only the lines sent. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Address(String line1, String line2, String city, String state, String postalCode, String country) {
}
