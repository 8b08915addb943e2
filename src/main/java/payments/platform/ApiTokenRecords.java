package payments.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import payments.common.OneOf;
import payments.common.security.Permission;

import java.util.List;

/** Wire shapes of API tokens. */
public final class ApiTokenRecords {

    private ApiTokenRecords() {
    }

    public record ApiTokenCreateRequest(
            @NotBlank @Size(max = 255) String name,
            @NotEmpty List<@NotNull @OneOf(Permission.class) String> permissions) {
    }

    /** `clientSecret` is present only in the response that creates the token. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ApiTokenResponse(String id, String name, List<String> permissions, String clientId,
                                   String clientSecret, String createdAt, String updatedAt) implements payments.common.CarriesSecret {
        @Override
        public boolean carriesSecret() {
            return clientSecret != null;
        }
    }
}
