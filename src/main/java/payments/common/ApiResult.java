package payments.common;

/** A successful outcome of an operation: the HTTP status and the wire body. */
public record ApiResult(int status, Object body) {

    public static ApiResult ok(Object body) {
        return new ApiResult(200, body);
    }

    public static ApiResult created(Object body) {
        return new ApiResult(201, body);
    }
}
