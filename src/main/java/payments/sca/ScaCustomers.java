package payments.sca;

import io.smallrye.mutiny.Uni;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.Regions;
import payments.customer.Customer;
import payments.customer.CustomerService;

import java.util.UUID;

/** The customer an SCA call is about: it must exist (404), be alive, and live in an SCA region (else 409 CONFLICT). */
final class ScaCustomers {

    private ScaCustomers() {
    }

    static Uni<Customer> find(String customerId) {
        if (customerId == null || customerId.isBlank()) {
            throw ApiException.invalidField("customerId", FieldError.Constraint.idOf(IdType.CUSTOMER), "Is required");
        }
        if (!Ids.isValid(IdType.CUSTOMER, customerId)) {
            throw ApiException.invalidField("customerId", FieldError.Constraint.idOf(IdType.CUSTOMER), "Must be a Customer id");
        }
        return CustomerService.find(customerId, false).map(ScaCustomers::requireScaRegion);
    }

    static Uni<Customer> find(UUID customerId) {
        return Customer.<Customer>findById(customerId).map(customer -> {
            if (customer == null) {
                throw new ApiException(CustomerService.NOT_FOUND, "No customer " + IdType.CUSTOMER.wireId(customerId));
            }
            return requireScaRegion(customer);
        });
    }

    static Customer requireScaRegion(Customer customer) {
        customer.requireNotDeleted();
        if (!Regions.requiresSca(customer.region)) {
            throw new ApiException(ErrorCode.CONFLICT, "Strong Customer Authentication does not apply to customer " + customer.wireId()
                    + " (region " + customer.region + ")");
        }
        return customer;
    }
}
