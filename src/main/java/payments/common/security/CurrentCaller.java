package payments.common.security;

import jakarta.enterprise.context.RequestScoped;

/** The authenticated caller of the current request, set by {@link AuthFilter} (or the sandbox console's session check). */
@RequestScoped
public class CurrentCaller {

    private Caller caller;

    public void set(Caller caller) {
        this.caller = caller;
    }

    public Caller get() {
        if (caller == null) {
            throw new IllegalStateException("No authenticated caller on this request");
        }
        return caller;
    }
}
