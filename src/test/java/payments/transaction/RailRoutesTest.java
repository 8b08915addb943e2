package payments.transaction;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RailRoutesTest {

    private static final Set<String> RAILS = Set.of("ACH", "WIRE", "SEPA", "SEPA_INSTANT");

    @Test
    void withoutRoutesEverythingGoesToTheOneImplementationTheModeRuns() {
        RailRoutes sandbox = RailRoutes.parse(Optional.empty(), RAILS, List.of("sandbox"));
        assertEquals("sandbox", sandbox.implementationFor("ACH"));
        assertEquals("sandbox", sandbox.implementationFor(null), "a payment without a rail (wallet, UMA)");
        RailRoutes bare = RailRoutes.parse(Optional.empty(), RAILS, List.of());
        assertEquals(RailRoutes.NONE, bare.implementationFor("SEPA"));
        assertEquals(RailRoutes.NONE, RailRoutes.parse(Optional.empty(), RAILS, List.of("a", "b")).implementationFor("ACH"),
                "two implementations and no routes: nothing is guessed");
    }

    @Test
    void listedRailsGoWhereTheySayTheRestNowhereUnlessStarSaysOtherwise() {
        RailRoutes routes = RailRoutes.parse(Optional.of(List.of("SEPA=files", " SEPA_INSTANT = files ")), RAILS, List.of("files", "nacha"));
        assertEquals("files", routes.implementationFor("SEPA"));
        assertEquals("files", routes.implementationFor("SEPA_INSTANT"));
        assertEquals(RailRoutes.NONE, routes.implementationFor("ACH"));
        assertEquals(RailRoutes.NONE, routes.implementationFor(null));

        RailRoutes otherwise = RailRoutes.parse(Optional.of(List.of("ACH=nacha", "*=files", "WIRE=none")), RAILS, List.of("files", "nacha"));
        assertEquals("nacha", otherwise.implementationFor("ACH"));
        assertEquals("files", otherwise.implementationFor("SEPA"));
        assertEquals("files", otherwise.implementationFor(null));
        assertEquals(RailRoutes.NONE, otherwise.implementationFor("WIRE"));
    }

    @Test
    void everyBadEntryIsNamedAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RailRoutes.parse(
                Optional.of(List.of("SEPA", "FAX=files", "ACH=carrier-pigeon", "WIRE=files", "WIRE=none", "=files")), RAILS, List.of("files")));
        String message = e.getMessage();
        assertTrue(message.startsWith("svc.rails.routes (SVC_RAILS_ROUTES): "), message);
        for (String named : List.of("'SEPA' is not RAIL=implementation", "'FAX' is not a payment rail", "'carrier-pigeon' is not a rail implementation",
                "'WIRE' is routed twice", "'=files' is not RAIL=implementation")) {
            assertTrue(message.contains(named), named + " in " + message);
        }
    }
}
