package payments.verification;

import com.fasterxml.jackson.annotation.JsonInclude;
import payments.common.Address;

import java.util.List;

/**
 * The body of POST /beneficial-owners and PATCH /beneficial-owners/{id} (BeneficialOwnerCreateRequest,
 * BeneficialOwnerUpdateRequest), bound once the schema of its operation has checked it; none of its
 * fields may be null, so a field left null was not sent.
 */
public record BeneficialOwnerRequest(String customerId, List<String> roles, Integer ownershipPercentage,
                                     PersonalInfo personalInfo) {

    /** BeneficialOwnerPersonalInfo: kept as sent, the owner's identity its KYC decides on. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PersonalInfo(String firstName, String middleName, String lastName, String birthDate, String nationality,
                               Address address, String idType, String identifier, String countryOfIssuance, String email,
                               String phoneNumber) {
    }
}
