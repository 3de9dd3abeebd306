module ppbus_chooser #(
    parameter integer K = 2   // buses, one plane of Campos-Carvalho units each
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         req,      // the processor's
    input  wire [K-1:0] gnt_p,    // each plane's gnt to this processor
    output wire [K-1:0] req_p,    // req on each plane
    output wire         gnt,      // the processor's: it holds a bus
    output wire [K-1:0] bus       // the bus it holds, one-hot
);
    // The bus chooser of campos-carvalho-k (docs/PROTOCOL.md): ask on every plane, keep the first
    // grant (the lowest bus of those that rise together), let every other grant go at once (req
    // falls the cycle its gnt is seen: a hold of 0), and ask again where a let-go lowered req while
    // the processor still waits. A plane's gnt rises the cycle after the plane decided, so each
    // decision below is the one the Java model (CcPlanes) makes in the cycle before, from the
    // registered view of that cycle: req_q, and before_q, the bus held before that cycle's grants.
    reg  [K-1:0] gnt_p_q;
    reg  [K-1:0] before_q;   // the bus held before the grants now seen, one-hot
    reg  [K-1:0] level_q;    // req on each plane in the last cycle
    reg  [K-1:0] letgo_q;    // planes let go in the last cycle
    reg          req_q;

    wire [K-1:0] rose   = gnt_p & ~gnt_p_q;
    wire [K-1:0] lowest = rose & (~rose + {{(K - 1){1'b0}}, 1'b1});
    wire [K-1:0] held   = before_q | ((req_q && before_q == {K{1'b0}}) ? lowest : {K{1'b0}});
    wire [K-1:0] letgo  = rose & ~held;
    wire         idle   = held == {K{1'b0}};
    wire [K-1:0] again  = letgo_q & {K{req_q & req & idle}};
    wire [K-1:0] asked  = (req && !req_q) ? {K{1'b1}}
                        : (!req && req_q) ? (level_q & ~held) : level_q;
    wire [K-1:0] level  = (asked & ~letgo) | again;

    always @(posedge clk) begin
        if (rst) begin
            gnt_p_q  <= {K{1'b0}};
            before_q <= {K{1'b0}};
            level_q  <= {K{1'b0}};
            letgo_q  <= {K{1'b0}};
            req_q    <= 1'b0;
        end else begin
            gnt_p_q  <= gnt_p;
            before_q <= req ? held : {K{1'b0}};
            level_q  <= level;
            letgo_q  <= letgo;
            req_q    <= req;
        end
    end

    assign req_p = level;
    assign gnt   = !idle;
    assign bus   = held;
endmodule
