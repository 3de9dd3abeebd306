package org.ppbus.view;

import java.net.InetAddress;
import java.util.Locale;
import java.util.Optional;

/**
 * Which requests the web view answers. Every request must name, in its Host header, the address
 * the server is bound to (or {@code localhost} where that is a loopback address): a page served
 * from elsewhere whose name is rebound to this machine (DNS rebinding) names its own host, and is
 * refused. A request that changes the run (a POST) must also come from the view's own page: its
 * Origin, where the browser sends one, is this server's, and Sec-Fetch-Site, where sent, says
 * same-origin. A server bound to every address ({@code 0.0.0.0}, {@code ::}) has no one name, so
 * it takes any address literal or {@code localhost}, never another name.
 */
final class ViewGate {
    private final InetAddress bound;
    private final int port;

    private ViewGate(InetAddress bound, int port) {
        this.bound = bound;
        this.port = port;
    }

    /** The gate of a server bound to {@code bound} on {@code port}. */
    static ViewGate of(InetAddress bound, int port) {
        return new ViewGate(bound, port);
    }

    /** How a URL names {@code a}: IPv6 in brackets, its longest run of zero groups as "::". */
    static String literal(InetAddress a) {
        String h = a.getHostAddress();
        int zone = h.indexOf('%');
        h = zone >= 0 ? h.substring(0, zone) : h;
        if (!h.contains(":")) {
            return h;
        }
        String[] g = h.split(":");
        int best = -1;
        int bestLength = 1;
        for (int i = 0; i < g.length; i++) {
            int j = i;
            while (j < g.length && g[j].equals("0")) {
                j++;
            }
            if (j - i > bestLength) {
                best = i;
                bestLength = j - i;
            }
        }
        String text = best < 0
                ? h
                : String.join(":", java.util.Arrays.copyOfRange(g, 0, best)) + "::"
                        + String.join(":", java.util.Arrays.copyOfRange(g, best + bestLength, g.length));
        return "[" + text.toLowerCase(Locale.ROOT) + "]";
    }

    /**
     * Why the request is refused, in one line, or empty where it is answered.
     *
     * @param host the Host header, or null
     * @param origin the Origin header, or null
     * @param fetchSite the Sec-Fetch-Site header, or null
     * @param changes whether the request changes the run
     */
    Optional<String> refusal(String host, String origin, String fetchSite, boolean changes) {
        if (host == null || !accepts(host.toLowerCase(Locale.ROOT))) {
            return Optional.of("this server answers requests for its own address only, not Host " + host);
        }
        if (!changes) {
            return Optional.empty();
        }
        if (origin != null && !origin.toLowerCase(Locale.ROOT).equals("http://" + host.toLowerCase(Locale.ROOT))) {
            return Optional.of("a run is started from the view's own page only, not from " + origin);
        }
        if (fetchSite != null && !fetchSite.equals("same-origin") && !fetchSite.equals("none")) {
            return Optional.of("a run is started from the view's own page only (Sec-Fetch-Site " + fetchSite + ")");
        }
        return Optional.empty();
    }

    private boolean accepts(String host) {
        int colon = host.lastIndexOf(':');
        if (colon < 0 || colon < host.lastIndexOf(']')) {
            return false; // no port: port 80, never this server's (it names its port in every address it prints)
        }
        String name = host.substring(0, colon);
        if (!host.substring(colon + 1).equals(Integer.toString(port))) {
            return false;
        }
        if (name.equals("localhost")) {
            return bound.isAnyLocalAddress() || bound.isLoopbackAddress();
        }
        if (!isLiteral(name)) {
            return false;
        }
        try {
            // A literal is parsed, never looked up: [::1] and [0:0:0:0:0:0:0:1] are one address.
            InetAddress named =
                    InetAddress.getByName(name.startsWith("[") ? name.substring(1, name.length() - 1) : name);
            return bound.isAnyLocalAddress() || named.equals(bound);
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** An IPv4 dotted quad or a bracketed IPv6 address, never a name (resolved here without a lookup). */
    private static boolean isLiteral(String name) {
        if (name.startsWith("[") && name.endsWith("]")) {
            return name.substring(1, name.length() - 1).matches("[0-9a-f:.]+");
        }
        return name.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    }
}
